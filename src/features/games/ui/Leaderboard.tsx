import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { avatarInitials } from '../../../domain/discover';
import { messages } from '../../../domain/messages';
import { LEADERBOARD_TABS, rankEntries, type LeaderboardTab, type RankedEntry } from '../../../domain/stats';
import { leaderboardMachine } from '../machines/leaderboard.machine';
import { useGamesActors } from './GamesActors';
import { CommunityContext } from '../../discover/components';
import { Screen } from '../../../shared/ui/ScreenShell';
import { inspectOptions } from '../../../shared/ui/inspect';
import '../../../shared/ui/styles/social.css';

function playerName(entry: RankedEntry): string {
  return entry.isCurrentUser ? `${entry.username} (You)` : entry.username;
}

function Podium({ top, label }: { top: RankedEntry[]; label: string }) {
  return (
    <ol className="podium" aria-label={`Top 3 by ${label}`}>
      {top.map((entry, i) => (
        <li key={entry.id} className={`podium-step podium-${i + 1}${entry.isCurrentUser ? ' is-you' : ''}`}>
          <span className="avatar" aria-hidden="true">{avatarInitials(entry.username)}</span>
          {/* A long name ends in an ellipsis; '(You)' always shows whole. */}
          <span className="podium-name">
            <span className="visually-hidden">{`Rank ${entry.rank}: `}</span>
            <span className="podium-username">{entry.username}</span>
            {entry.isCurrentUser ? <span className="podium-you">{' (You)'}</span> : null}
          </span>
          <span className="podium-score">{entry.score.toLocaleString('en-US')}</span>
          <span className="podium-block" aria-hidden="true">{entry.rank}</span>
        </li>
      ))}
    </ol>
  );
}

/** A member alone on the board (a new community, no friends yet): say so, and what would fill it. */
function EmptyBoard({ tab, community }: { tab: LeaderboardTab; community: string }) {
  return (
    <div className="card empty-state lb-empty">
      <p>{tab === 'friends' ? messages.leaderboard.noFriendsYet : messages.leaderboard.onlyYou(community)}</p>
    </div>
  );
}

export default function Leaderboard() {
  const community = CommunityContext.useSelector((s) => s.context.community);
  const { leaderboard } = useGamesActors();
  const machine = useMemo(() => leaderboardMachine.provide({ actors: leaderboard.actors }), [leaderboard]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { community } });
  useEffect(() => {
    actor.send({ type: 'COMMUNITY', community });
  }, [actor, community]);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const tab = useSelector(actor, (s) => s.context.tab);
  const entries = useSelector(actor, (s) => s.context.entries);
  const unsent = useSelector(actor, (s) => s.context.unsent);
  const error = useSelector(actor, (s) => s.context.error);
  const tabRefs = useRef(new Map<LeaderboardTab, HTMLButtonElement>());

  const ranked = useMemo(() => rankEntries(entries, tab), [entries, tab]);
  const me = ranked.find((e) => e.isCurrentUser);
  const current = LEADERBOARD_TABS.find((t) => t.id === tab)!;
  // While another tab or community loads, the last entries stay (marked busy) unless there is hardly anything to show.
  const spinning = loading && ranked.length <= 1;

  const select = (next: LeaderboardTab) => {
    actor.send({ type: 'SELECT_TAB', tab: next });
    tabRefs.current.get(next)?.focus();
  };
  // Roving focus per the WAI-ARIA tabs pattern: arrows move and select, Home/End jump to the ends.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LEADERBOARD_TABS.findIndex((t) => t.id === tab);
    const last = LEADERBOARD_TABS.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(LEADERBOARD_TABS[to]!.id);
  };

  return (
    <Screen className="leaderboard">
      <div className="page-title">
        <h1>Leaderboard</h1>
        <p>See who is leading the network.</p>
      </div>

      <div className="lb-tabs" role="tablist" aria-label="Leaderboard categories">
        {LEADERBOARD_TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) tabRefs.current.set(t.id, el);
              else tabRefs.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={`lb-tab-${t.id}`}
            aria-selected={t.id === tab}
            aria-controls="lb-panel"
            tabIndex={t.id === tab ? 0 : -1}
            className="lb-tab"
            onClick={() => select(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>

      {unsent > 0 && !failed && (
        <p className="lb-unsent" role="status">{messages.leaderboard.unsentGames(unsent)}</p>
      )}

      <div id="lb-panel" role="tabpanel" aria-labelledby={`lb-tab-${tab}`} className="lb-panel" aria-busy={loading}>
        {spinning && (
          <div className="center-page social-loading" role="status" aria-live="polite">
            <div className="spinner" aria-hidden="true" />
            <p>Loading leaderboard...</p>
          </div>
        )}
        {failed && (
          <div className="stack">
            <p className="alert" role="alert">{error}</p>
            <button type="button" className="btn btn-outline" onClick={() => actor.send({ type: 'RETRY' })}>Try again</button>
          </div>
        )}
        {!failed && !loading && ranked.length <= 1 && <EmptyBoard tab={tab} community={community} />}
        {!failed && !spinning && ranked.length > 0 && (
          <>
            {ranked.length > 1 && <Podium top={ranked.slice(0, 3)} label={current.label} />}
            <div className="card lb-table-card">
              <table className="lb-table">
                <caption className="visually-hidden">{`Players ranked by ${current.label}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Player</th>
                    <th scope="col">Score</th>
                    <th scope="col">Win Rate</th>
                    <th scope="col">Streak</th>
                  </tr>
                </thead>
                <tbody>
                  {ranked.map((entry) => (
                    <tr key={entry.id} className={entry.isCurrentUser ? 'is-you' : undefined} aria-current={entry.isCurrentUser ? 'true' : undefined}>
                      <td className="lb-rank">{entry.rank}</td>
                      <th scope="row" className="lb-player">
                        <span className="lb-player-inner">
                          <span className="avatar avatar-sm" aria-hidden="true">{avatarInitials(entry.username)}</span>
                          <span>{playerName(entry)}</span>
                        </span>
                      </th>
                      <td className="lb-num">{entry.score.toLocaleString('en-US')}</td>
                      <td className="lb-num">{entry.stats.winRate}%</td>
                      <td className="lb-num">{entry.stats.streak}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>

      {me && (
        <section className="card lb-summary" aria-labelledby="your-stats-summary">
          <h2 id="your-stats-summary">Your Stats Summary</h2>
          <p className="muted">{`You are #${me.rank} of ${ranked.length} by ${current.label}.`}</p>
          <dl className="lb-summary-grid">
            <div><dt>Total Points</dt><dd>{me.stats.totalPoints.toLocaleString('en-US')}</dd></div>
            <div><dt>Games Played</dt><dd>{me.stats.gamesPlayed}</dd></div>
            <div><dt>Hot Takes</dt><dd>{me.stats.hotTakesScore.toLocaleString('en-US')}</dd></div>
            <div><dt>Friends</dt><dd>{me.stats.friendsCount}</dd></div>
            <div><dt>Win Rate</dt><dd>{me.stats.winRate}%</dd></div>
            <div><dt>Streak</dt><dd>{me.stats.streak}</dd></div>
          </dl>
        </section>
      )}
    </Screen>
  );
}
