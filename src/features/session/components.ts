// What the session feature offers the other features' screens; anything not listed here is its own business.
export { SessionContext } from './ui/SessionContext';
export { useSessionMode, useSocial } from './ui/SocialContext';
