import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { sharedLine, type DiscoverCard } from '../../domain/discover';
import { discoverMachine } from '../../machines/discover.machine';
import { matchLevel, sameCards, selectAdding, selectCards, selectPhase } from '../../machines/discover.view';
import { followCommunityOf } from '../../machines/community.machine';
import { CommunityContext } from '../CommunityContext';
import { PersonActions } from '../components/PersonActions';
import { HideIfBlocked } from '../components/PersonSafetyScope';
import { SampleBadge } from '../components/SampleBadge';
import { Screen } from '../components/ScreenShell';
import { inspectOptions } from '../inspect';
import '../styles/social.css';

function MatchCard({ card, isFriend, isAdding, busy, onAdd }: { card: DiscoverCard; isFriend: boolean; isAdding: boolean; busy: boolean; onAdd: () => void }) {
  const nameId = useId();
  const shared = sharedLine(card.shared);
  const label = isFriend ? 'Friend Added!' : isAdding ? 'Adding...' : 'Add Friend';
  return (
    <li className="card match-card">
      <div className="match-card-top">
        <span className="avatar" aria-hidden="true">{card.avatar}</span>
        <div className="match-who">
          <div className="name-with-badge">
            <h2 id={nameId} className="match-name">{card.username}</h2>
            <SampleBadge person={card} />
          </div>
          {card.communities.length > 0 && <p className="match-communities">{card.communities.join(' · ')}</p>}
        </div>
        <span className={`badge match-badge ${matchLevel(card.similarityScore)}`}>{card.similarityScore}% Match</span>
        <PersonActions person={card} />
      </div>
      <p className="match-interests">Interests: {card.bio}</p>
      {shared && <p className="match-shared">{shared}</p>}
      <button
        type="button"
        className={`btn btn-small ${isFriend ? 'btn-success' : 'btn-primary'} match-add`}
        aria-describedby={nameId}
        disabled={isFriend || isAdding || busy}
        onClick={onAdd}
      >
        {label}
      </button>
    </li>
  );
}

export default function Discover() {
  const navigate = useNavigate();
  const header = CommunityContext.useActorRef();
  const actor = useActorRef(
    discoverMachine.provide({
      actors: { followCommunity: followCommunityOf(header) },
      actions: {
        goToProfile: () => void navigate('/profile'),
        notify: (_, params) => window.alert(params.message),
      },
    }),
    inspectOptions(),
  );

  const phase = useSelector(actor, selectPhase);
  const adding = useSelector(actor, selectAdding);
  const addingId = useSelector(actor, (s) => s.context.addingId);
  const cards = useSelector(actor, selectCards, sameCards);
  const friendIds = useSelector(actor, (s) => s.context.friendIds);
  const query = useSelector(actor, (s) => s.context.query);
  const error = useSelector(actor, (s) => s.context.error);

  return (
    <Screen className="discover">
      <div className="page-title">
        <h1>Discover Friends</h1>
        <p>People ranked by how much you have in common.</p>
      </div>

      {phase === 'incomplete' && (
        <section className="card empty-state discover-gate" aria-labelledby="complete-profile">
          <h2 id="complete-profile">Complete Your Profile</h2>
          <p>Add a username, your hobbies and at least one music genre, game or show, and we will find people who share your taste.</p>
          <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'GO_TO_PROFILE' })}>
            Go to Profile
          </button>
        </section>
      )}

      {phase === 'failed' && (
        <div className="stack">
          <p className="alert" role="alert">{error}</p>
          <button type="button" className="btn btn-outline" onClick={() => actor.send({ type: 'RETRY' })}>Try again</button>
        </div>
      )}

      {(phase === 'loading' || phase === 'ready') && (
        <form className="discover-search" role="search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="discover-search" className="visually-hidden">Search users</label>
          <svg className="search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id="discover-search"
            className="input"
            type="search"
            placeholder="Search by username or interests..."
            value={query}
            onChange={(e) => actor.send({ type: 'SEARCH', query: e.target.value })}
            autoComplete="off"
          />
        </form>
      )}

      {phase === 'loading' && (
        <div className="center-page social-loading" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <p>Loading users...</p>
        </div>
      )}

      {phase === 'ready' && (
        <>
          {error && <p className="alert" role="alert">{error}</p>}
          <p className="visually-hidden" role="status" aria-live="polite">
            {cards.length === 1 ? '1 person found' : `${cards.length} people found`}
          </p>
          {cards.length === 0 ? (
            <div className="card empty-state">
              <strong>No users found matching your filters.</strong>
              <p>Try changing your community or search query.</p>
            </div>
          ) : (
            <ul className="match-grid" aria-label="Suggested friends">
              {cards.map((card) => (
                <HideIfBlocked key={card.id} personId={card.id}>
                  <MatchCard
                    card={card}
                    isFriend={friendIds.includes(card.id)}
                    isAdding={addingId === card.id}
                    busy={adding}
                    onAdd={() => actor.send({ type: 'ADD_FRIEND', userId: card.id })}
                  />
                </HideIfBlocked>
              ))}
            </ul>
          )}
        </>
      )}
    </Screen>
  );
}
