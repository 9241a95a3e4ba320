import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { COMMUNITY_FILTERS, type CommunityFilter } from '../domain/community';
import { profileBadgeMachine } from '../features/profile/machines/profileBadge.machine';
import { profileBadgeActors } from '../features/profile/actors/profileBadge.actors';
import { CommunityContext } from '../features/discover/ui/CommunityContext';
import { UserIcon } from '../shared/ui/Icons';

const headerBadgeMachine = profileBadgeMachine.provide({ actors: profileBadgeActors });

/** Community filter, product title and the round profile button (refreshes when the profile changes). */
export function Header() {
  const picture = useSelector(useActorRef(headerBadgeMachine), (s) => s.context.picture);
  const community = CommunityContext.useSelector((s) => s.context.community);
  const communityActor = CommunityContext.useActorRef();
  return (
    <header className="app-header">
      <label className="visually-hidden" htmlFor="community-filter">Community</label>
      <select
        id="community-filter"
        className="select community-select"
        value={community}
        onChange={(e) => communityActor.send({ type: 'SELECT', community: e.target.value as CommunityFilter })}
      >
        {COMMUNITY_FILTERS.map((c) => (
          <option key={c} value={c}>{c}</option>
        ))}
      </select>
      <p className="product-title">Mycelius</p>
      <Link to="/profile" className="profile-button" aria-label="Your profile">
        {picture ? <img src={picture} alt="" /> : <UserIcon width={22} height={22} />}
      </Link>
    </header>
  );
}
