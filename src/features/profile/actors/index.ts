import type { ProfileActors } from '../ui/ProfileActors';
import { createBioActors } from './bio.actors';
import { communitiesActors } from './communities.actors';
import { connectServicesActorsWith } from './connectServices.actors';
import { createOAuthCallbackImplementations } from './oauthCallback.actors';
import { profileEditorActors } from './profileEditor.actors';
import { providerAuthImplementationsFor } from './providerAuth.actors';
import { steamConnectImplementationsFor } from './steamConnect.actors';
import type { ClientConfigLoader } from '../../../shared/http/config';
import type { ViewerSource } from '../../../shared/session/viewer';
import { tasteImportImplementations } from './tasteImport.actors';

/**
 * The profile screens' real IO, around one bio generator and one OAuth code exchange, for the app's viewer and
 * its one loader of the server's configuration: the app creates it once where it is assembled.
 */
export function createProfileActors(viewer: Pick<ViewerSource, 'known'>, loadConfig: ClientConfigLoader): ProfileActors {
  return {
    ...createBioActors(loadConfig),
    communities: { actors: communitiesActors },
    oauthCallback: createOAuthCallbackImplementations(),
    connectServices: { actors: connectServicesActorsWith(loadConfig) },
    profileEditor: { actors: profileEditorActors },
    providerAuth: providerAuthImplementationsFor(viewer, loadConfig),
    steamConnect: steamConnectImplementationsFor(viewer),
    tasteImport: tasteImportImplementations,
  };
}
