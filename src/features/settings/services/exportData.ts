import { exportResponseSchema, MEMBER_ROUTES } from '../../../domain/memberContract';
import { exportUserData } from '../../../shared/storage/appData';
import { memberCall } from '../../../shared/http/api';
import { isSessionEnded } from '../../../shared/http/errors';
import type { SessionActor } from '../../session';

/**
 * 'Download my data': the device's copy for everyone, plus for a member everything the server holds.
 * A 401 ends the session (the member is told) and the download fails rather than pretending to be whole.
 */
export async function exportForSession(session: SessionActor): Promise<unknown> {
  const device = exportUserData();
  if (!session.getSnapshot().matches('member')) return device;
  try {
    const server = await memberCall(MEMBER_ROUTES.exportData, exportResponseSchema);
    return { ...device, server };
  } catch (error) {
    if (isSessionEnded(error)) session.send({ type: 'SESSION_EXPIRED' });
    throw error;
  }
}
