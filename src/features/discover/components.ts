// What the discover feature offers the other features' screens; anything not listed here is its own business.
export { CommunityContext } from './ui/CommunityContext';
