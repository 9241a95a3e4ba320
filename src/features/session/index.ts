// What the session feature offers the others; anything not listed here is its own business.
export { type SessionActor, deleteAccountThrough, settledSession } from './actors/sessionRequests';
export { reportOwnProfileChanged } from './services/ownProfileChanges';
export { PROFILE_SAVE_WAIT_MS, profileSaved } from './services/profileSync';
