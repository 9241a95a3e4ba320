import { interestKind, type InterestKind } from './catalog';
import { promptsAfter } from '../../../src/domain/hotTakesPrompt';
import { distinctItems, seededPicker } from './text';

// A Hot Takes debate prompt drawn from the player's interests: a topic line of at most three words,
// then at most four sentences. The format "Topic: <topic>" on the first line lets the client show it.

const FALLBACK_TOPICS = ['Pineapple pizza', 'Movie sequels', 'Early mornings', 'Reboots', 'Group chats', 'Spoilers'];

const TEMPLATES: Record<InterestKind, readonly ((topic: string) => string)[]> = {
  genre: [
    (t) => `${t} peaked years ago and everything since is a remix. Agree or disagree? Back it up with one song.`,
    (t) => `${t} is the most overrated genre on anyone's playlist. Defend it or bury it, then hold your ground.`,
    (t) => `${t} sounds better live than it ever will in headphones. True or false? Make your case.`,
  ],
  game: [
    (t) => `${t} is more fun to talk about than to actually play. Agree or disagree? Give your strongest reason.`,
    (t) => `${t} would be better with half the content. Is that a crime or a mercy? Pick a side and defend it.`,
    (t) => `The community around ${t} matters more than the game itself. Hot or not? Convince the other player.`,
  ],
  show: [
    (t) => `${t} should have ended a season earlier. Agree or disagree? Name the moment it peaked.`,
    (t) => `${t} is better the second time you watch it. True, or nostalgia talking? Make your case.`,
    (t) => `${t} gets more hype than it deserves. Defend it or admit it, and stick to your side.`,
  ],
  other: [
    (t) => `Hot take: ${t}? Wildly overrated. Agree or disagree, and give one reason that could change someone's mind.`,
    (t) => `Everyone pretends to like ${t} more than they actually do. Hot or not? Pick a side and defend it.`,
  ],
};

/** At most three words, trimmed of trailing punctuation. */
export function topicOf(item: string): string {
  return item.split(/\s+/).filter(Boolean).slice(0, 3).join(' ').replace(/[,:;\-–]+$/, '');
}

function promptsFor(item: string, kind: InterestKind): string[] {
  const topic = topicOf(item);
  return TEMPLATES[kind].map((template) => `Topic: ${topic}\n${template(topic)}`);
}

/** Deterministic for the same interests and previous prompt, and never the previous prompt when another exists. */
export function localHotTakesPrompt(interests: readonly string[], previous?: string): string {
  const items = distinctItems(interests);
  const p = seededPicker(`hot-takes|${items.join('|')}|${previous ?? ''}`);
  const candidates =
    items.length > 0 ? items.flatMap((item) => promptsFor(item, interestKind(item))) : FALLBACK_TOPICS.flatMap((t) => promptsFor(t, 'other'));
  return p.pick(promptsAfter(candidates, previous));
}
