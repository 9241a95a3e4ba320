// What the live feature offers the other features' screens; anything not listed here is its own business.
export { useLive } from './ui/LiveContext';
export { useLiveEventsFor, useLiveLinkLogic, useOnlineFriends } from './ui/memberLive';
