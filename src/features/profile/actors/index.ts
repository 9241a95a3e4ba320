import type { ProfileActors } from '../ui/ProfileActors';
import { createBioActors } from './bio.actors';
import { communitiesActors } from './communities.actors';
import { connectServicesActors } from './connectServices.actors';
import { createOAuthCallbackImplementations } from './oauthCallback.actors';
import { profileEditorActors } from './profileEditor.actors';
import { providerAuthImplementations } from './providerAuth.actors';
import { steamConnectImplementations } from './steamConnect.actors';
import { tasteImportImplementations } from './tasteImport.actors';

/** The profile screens' real IO, around one bio generator and one OAuth code exchange: the app creates it once where it is assembled. */
export function createProfileActors(): ProfileActors {
  return {
    ...createBioActors(),
    communities: { actors: communitiesActors },
    oauthCallback: createOAuthCallbackImplementations(),
    connectServices: { actors: connectServicesActors },
    profileEditor: { actors: profileEditorActors },
    providerAuth: providerAuthImplementations,
    steamConnect: steamConnectImplementations,
    tasteImport: tasteImportImplementations,
  };
}
