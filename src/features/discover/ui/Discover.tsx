import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { matchLevel, sharedLine } from '../../../domain/discover';
import { messages } from '../../../domain/messages';
import { NOT_ACCEPTING_REQUESTS_TEXT } from '../../../domain/privacySafety';
import { REQUEST_SENT_TEXT, type DiscoverCard, type Relation } from '../../../domain/socialContract';
import type { DiscoverViewerKind } from '../actors/discover.actors';
import { canBefriend } from '../machines/discover.machine';
import { selectBusy, selectCardsBusy, selectLoadingMore, selectPhase, selectStale } from '../machines/discover.view';
import { useDiscoverMachine } from './DiscoverActors';
import { followCommunityOf } from '../machines/community.machine';
import { CommunityContext } from './CommunityContext';
import { PersonActions } from '../../safety/components';
import { MatchBreakdownDialog } from './MatchBreakdownDialog';
import { HideIfBlocked } from '../../safety/components';
import { SampleBadge } from '../../../shared/ui/SampleBadge';
import { Screen } from '../../../shared/ui/ScreenShell';
import { StatusNotice } from '../../../shared/ui/StatusNotice';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useSessionMode, useSocial } from '../../session/components';
import { useLiveEventsFor } from '../../live/components';
import '../../../shared/ui/styles/social.css';

// `relation` is a member card's: 'outgoing' reads 'Request sent', 'incoming' offers to accept, 'closed' reads
// 'Not accepting requests' (their setting refuses this viewer).
/** The found count, the error, the empty state or the cards: the same for a guest's and a member's Discover. */
/** `searching`: a search finds anyone it names, so only an empty list without one is down to the match floor. */
/** `more`: further pages exist, so the count is a floor ('50+ people found'). */
function CardResults<Card extends { id: string }>({ error, cards, loading = false, searching, more = false, children }: { error: string | null | undefined; cards: readonly Card[]; loading?: boolean; searching: boolean; more?: boolean; children: (card: Card) => ReactNode }) {
  return (
    <>
      {error && <p className="alert" role="alert">{error}</p>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {messages.discover.found(cards.length, more)}
      </p>
      {cards.length === 0 ? (
        <div className="card empty-state">
          <strong>No users found matching your filters.</strong>
          <p>Try changing your community or search query.</p>
          {!searching && <p className="empty-why">{messages.discover.belowFloor}</p>}
        </div>
      ) : (
        <ul className="match-grid" aria-label="Suggested friends" aria-busy={loading || undefined}>
          {cards.map((card) => (
            <HideIfBlocked key={card.id} personId={card.id}>
              {children(card)}
            </HideIfBlocked>
          ))}
        </ul>
      )}
    </>
  );
}

function MatchCard({ card, isFriend, isAdding, busy, onAdd, relation = 'none' }: { card: DiscoverCard; isFriend: boolean; isAdding: boolean; busy: boolean; onAdd: () => void; relation?: Relation }) {
  const nameId = useId();
  const [explaining, setExplaining] = useState(false);
  const shared = sharedLine(card.shared);
  const badgeClass = `badge match-badge ${matchLevel(card.similarityScore)}`;
  const label = isFriend ? 'Friend Added!' : isAdding ? 'Adding...' : relation === 'outgoing' ? REQUEST_SENT_TEXT : relation === 'incoming' ? 'Accept' : relation === 'closed' ? NOT_ACCEPTING_REQUESTS_TEXT : 'Add Friend';
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
        {card.breakdown ? (
          <button type="button" className={badgeClass} aria-haspopup="dialog" onClick={() => setExplaining(true)}>
            {messages.discover.match(card.similarityScore)}
          </button>
        ) : (
          <span className={badgeClass}>{messages.discover.match(card.similarityScore)}</span>
        )}
        <PersonActions person={card} />
      </div>
      <p className="match-interests">Interests: {card.bio}</p>
      {shared && <p className="match-shared">{shared}</p>}
      <button
        type="button"
        className={`btn btn-small ${isFriend ? 'btn-success' : 'btn-primary'} match-add`}
        aria-describedby={nameId}
        disabled={isFriend || isAdding || busy || relation === 'outgoing' || relation === 'closed'}
        onClick={onAdd}
      >
        {label}
      </button>
      {explaining && card.breakdown && (
        <MatchBreakdownDialog name={card.username} score={card.similarityScore} breakdown={card.breakdown} onClose={() => setExplaining(false)} />
      )}
    </li>
  );
}

function DiscoverSearch({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  return (
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
        onChange={(e) => onSearch(e.target.value)}
        autoComplete="off"
      />
    </form>
  );
}

/** The one Discover screen: the same for a guest and a member; what differs is the source the app gives its machine. */
function DiscoverScreen({ kind }: { kind: DiscoverViewerKind }) {
  const navigate = useNavigate();
  const social = useSocial();
  const header = CommunityContext.useActorRef();
  const machine = useDiscoverMachine(kind);
  const [logic] = useState(() =>
    machine.provide({
      actors: { followCommunity: followCommunityOf(header) },
      actions: {
        goToProfile: () => void navigate('/profile'),
        peopleChanged: () => social?.requests.send({ type: 'REFRESH' }),
      },
    }),
  );
  const actor = useActorRef(logic, inspectOptions());
  useLiveEventsFor(actor);

  const phase = useSelector(actor, selectPhase);
  const busy = useSelector(actor, selectBusy);
  const cardsBusy = useSelector(actor, selectCardsBusy);
  const stale = useSelector(actor, selectStale);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const { cards, sampleFriendIds, sendingId, nextCursor, query, notice, error } = useSelector(actor, (s) => s.context);

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

      {(phase === 'loading' || phase === 'ready') && <DiscoverSearch query={query} onSearch={(text) => actor.send({ type: 'SEARCH', query: text })} />}

      <StatusNotice notice={notice} onDismiss={() => actor.send({ type: 'DISMISS_NOTICE' })} />

      {phase === 'loading' && (
        <div className="center-page social-loading" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <p>Loading users...</p>
        </div>
      )}

      {phase === 'ready' && (
        <>
          {/* While a new search is on its way the last cards stay in view (their buttons wait), so typing does not blank the page. */}
          <CardResults error={error} cards={cards} loading={stale} searching={query.trim() !== ''} more={nextCursor !== null}>
            {(card) => (
              <MatchCard
                card={card}
                relation={card.kind === 'member' ? card.relation : 'none'}
                isFriend={card.kind === 'member' ? card.relation === 'friends' : !canBefriend(card, sampleFriendIds)}
                isAdding={sendingId === card.id}
                busy={cardsBusy}
                onAdd={() => actor.send({ type: 'ADD_FRIEND', userId: card.id })}
              />
            )}
          </CardResults>
          {nextCursor !== null && (
            <button type="button" className="btn btn-outline discover-more" disabled={busy} onClick={() => actor.send({ type: 'SHOW_MORE' })}>
              {loadingMore ? 'Loading...' : 'Show more'}
            </button>
          )}
        </>
      )}
    </Screen>
  );
}

/** Discover ('Discover Friends'): a guest's sample people on the device, or a member's people from the server. */
export default function Discover() {
  const mode = useSessionMode();
  // A new kind of viewer is a new visit: a fresh machine on the other source.
  if (mode === 'member' || mode === 'guest') return <DiscoverScreen key={mode} kind={mode} />;
  return (
    <Screen className="discover">
      <div className="center-page social-loading" role="status" aria-live="polite">
        <div className="spinner" aria-hidden="true" />
        <p>Loading users...</p>
      </div>
    </Screen>
  );
}
