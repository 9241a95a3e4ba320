// What the safety feature offers the other features' screens; anything not listed here is its own business.
export { BlockedPeopleSection } from './ui/BlockedPeopleSection';
export { PersonActions, type PersonMenuAction } from './ui/PersonActions';
export { ReportMessageButton } from './ui/ReportMessageButton';
export { HideIfBlocked, PersonSafetyScope } from './ui/PersonSafetyScope';
