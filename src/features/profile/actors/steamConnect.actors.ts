import { fromCallback, fromPromise } from 'xstate';
import { AppError } from '../../../domain/errors';
import type { SteamConnectEvent, SteamConnection } from '../machines/steamConnect.machine';
import { noteNoConnectionHere, setServiceConnected } from '../services/connectedServices';
import { getPlayerSummary, PUBLIC_VISIBILITY } from '../services/steam';
import { resolveSteamId } from '../services/steamId';
import { offerTasteOf } from '../services/tasteImport';
import { steamAccountKey } from '../storage/steamAccount';
import { steamIdKey } from '../storage/steamId';
import type { ViewerSource } from '../../../shared/session/viewer';

/** Resolves the text and checks the player; failures are AppErrors whose text the card shows. */
export async function connectSteam(text: string): Promise<SteamConnection> {
  const steamId = await resolveSteamId(text);
  let player;
  try {
    player = await getPlayerSummary(steamId);
  } catch (error) {
    throw new AppError('STEAM_CONNECT_FAILED', { cause: error });
  }
  if (!player || player.communityvisibilitystate !== PUBLIC_VISIBILITY) throw new AppError('STEAM_PROFILE_NOT_FOUND');
  return { steamId, personaName: player.personaname };
}

/**
 * The Steam card's IO. The stored id is the truth: the watcher reports it with the stored name when that name
 * belongs to the same id (an older install kept only the id; the card then shows the id).
 */
export function steamConnectImplementationsFor(viewer: Pick<ViewerSource, 'known'>) {
  return {
    actors: {
      watchSteamId: fromCallback<SteamConnectEvent>(({ sendBack }) => {
        const report = () => {
          const steamId = steamIdKey.read();
          const account = steamAccountKey.read();
          const personaName = account?.steamId === steamId ? account.personaName : '';
          sendBack(steamId ? { type: 'ID_STORED', steamId, personaName } : { type: 'ID_CLEARED' });
        };
        report();
        return steamIdKey.subscribe(report);
      }),
      connectSteam: fromPromise<SteamConnection, { text: string }>(({ input }) => connectSteam(input.text)),
    },
    actions: {
      storeSteamId: (_: unknown, params: SteamConnection) => {
        // The name first: the id's write wakes the watcher, which then finds the matching name.
        steamAccountKey.write(params.personaName ? params : null);
        steamIdKey.write(params.steamId);
      },
      forgetSteamId: () => {
        steamIdKey.remove();
        steamAccountKey.remove();
      },
      markConnected: () => setServiceConnected('steam', true),
      offerTaste: () => offerTasteOf('steam'),
      markDisconnected: () => setServiceConnected('steam', false),
      noteNoIdHere: () => noteNoConnectionHere('steam', viewer.known()),
    },
  };
}
