import type { ChatReplyRequest, FirstResponseRequest, PersonaHotTakeRequest } from '../../../src/domain/aiContract';
import { interestKind, type InterestKind } from './catalog';
import { topicOf } from './hotTakes';
import { capitalize, contentWords, distinctItems, inline, seededPicker, stem, type Picker } from './text';

// Persona replies written from the persona's personality (its tone) and interests, reacting to what
// was actually said: a question gets an answer, a greeting a greeting, a mentioned shared interest
// gets picked up, otherwise the most telling word of the message becomes the subject.

export type Tone = 'hype' | 'snark' | 'chill' | 'nerd' | 'competitive' | 'warm';

const TONE_WORDS: ReadonlyArray<readonly [Tone, readonly string[]]> = [
  ['snark', ['sarcastic', 'sarcasm', 'witty', 'dry', 'cynical', 'blunt', 'snark', 'grumpy', 'roast', 'skeptic']],
  ['competitive', ['competitive', 'ranked', 'win', 'winning', 'tryhard', 'grind', 'esports', 'intense', 'driven']],
  ['nerd', ['analytical', 'nerd', 'nerdy', 'lore', 'theory', 'theories', 'detail', 'data', 'curious', 'thoughtful', 'bookworm']],
  ['chill', ['chill', 'laid', 'relaxed', 'calm', 'mellow', 'easygoing', 'cozy', 'quiet', 'lowkey']],
  ['hype', ['energetic', 'enthusiastic', 'hype', 'loud', 'excited', 'bubbly', 'upbeat', 'party', 'wild']],
  ['warm', ['kind', 'friendly', 'warm', 'supportive', 'caring', 'sweet', 'wholesome', 'empathetic']],
];

export function toneOf(personality: string): Tone {
  const words = new Set(contentWords(personality));
  let best: Tone = 'warm';
  let bestHits = 0;
  for (const [tone, cues] of TONE_WORDS) {
    const hits = cues.filter((c) => words.has(c)).length;
    if (hits > bestHits) {
      best = tone;
      bestHits = hits;
    }
  }
  return best;
}

const OPENERS: Record<Tone, readonly string[]> = {
  hype: ['Oh, I have OPINIONS on this!', 'Okay, easy one!', 'Yes, finally someone asked!'],
  snark: ['Sure, let me spell it out.', 'Bold of anyone to ask me.', 'Oh, this again.'],
  chill: ['Honestly?', 'Eh, here is my take.', 'Low-key, I have thoughts.'],
  nerd: ['Okay, if you actually break it down:', 'Technically speaking,', 'Look at it closely:'],
  competitive: ['Not even close.', 'This is an easy win.', 'No debate here.'],
  warm: ['Ooh, fun one.', 'Love this question.', 'Okay, I will be honest.'],
};

/** "Topic: X" on the first line of a Hot Takes prompt, or the prompt's first words. */
export function promptTopic(prompt: string): string {
  const line = /^\s*topic\s*:\s*(.+)$/im.exec(prompt);
  if (line?.[1]) return topicOf(inline(line[1], 40));
  const words = contentWords(prompt).slice(0, 2);
  return words.length > 0 ? words.join(' ') : 'this';
}

/** The persona's interest that the text talks about, if any (by shared word stems). */
export function mentionedInterest(textValue: string, interests: readonly string[]): string | undefined {
  const said = new Set(contentWords(textValue).map(stem));
  const lowered = textValue.toLowerCase();
  return distinctItems(interests).find(
    (interest) => lowered.includes(interest.toLowerCase()) || contentWords(interest).some((w) => said.has(stem(w))),
  );
}

function activity(interest: string): string {
  switch (interestKind(interest)) {
    case 'genre':
      return `listening to ${interest}`;
    case 'game':
      return `playing ${interest}`;
    case 'show':
      return `watching ${interest}`;
    default:
      return interest;
  }
}

function favoriteOf(interests: readonly string[], p: Picker): string | undefined {
  const items = distinctItems(interests);
  return items.length > 0 ? p.pick(items) : undefined;
}

export function localPersonaHotTake(req: PersonaHotTakeRequest): string {
  const p = seededPicker(`take|${req.username}|${req.personality}|${req.interests.join('|')}|${req.prompt}`);
  const tone = toneOf(req.personality);
  const topic = promptTopic(req.prompt);
  const subject = topic === 'this' ? 'this' : topic;
  const agree = p.chance(tone === 'snark' || tone === 'competitive' ? 0.35 : 0.6);
  const related = mentionedInterest(req.prompt, req.interests);
  const favorite = related ?? favoriteOf(req.interests, p);
  const stance = agree
    ? p.pick([`${capitalize(subject)} absolutely deserves the hype`, `I am fully on team ${subject}`, `${capitalize(subject)} is a hill I will defend`])
    : p.pick([`${capitalize(subject)} is seriously overrated`, `people are way too nice about ${subject}`, `${capitalize(subject)} does not hold up`]);
  const tie = favorite
    ? related
      ? p.pick([`, and I say that as someone who spends way too long ${activity(favorite)}`, `, coming from a huge ${favorite} fan`])
      : p.pick([`, and I would rather be ${activity(favorite)} anyway`, `; ${favorite} does it better`])
    : '';
  return `${p.pick(OPENERS[tone])} ${capitalize(stance)}${tie}.`;
}

const QUESTION_START = /^(who|what|when|where|why|how|which|do|does|did|is|are|can|could|would|will|should|have|has)\b/i;
const GREETING = /^(hi|hey|hello|yo|sup|hiya|howdy|good (morning|evening|afternoon))\b/i;

/** Which kind of interest a question asks about ("what are you playing?" → a game). */
function askedKind(message: string): InterestKind | undefined {
  if (/\b(play|playing|played|game|games|gaming)\b/i.test(message)) return 'game';
  if (/\b(listen|listening|music|song|songs|band|bands|artist|album|genre)\b/i.test(message)) return 'genre';
  if (/\b(watch|watching|show|shows|movie|movies|anime|series|film)\b/i.test(message)) return 'show';
  return undefined;
}

function isQuestion(message: string): boolean {
  const trimmed = message.trim();
  return trimmed.includes('?') || QUESTION_START.test(trimmed);
}

// Words that are rarely the subject of a message (time words, fillers, common verbs).
const NOT_SUBJECT = new Set(
  ('today tonight yesterday tomorrow week weekend morning night first last next still already maybe finally ' +
    'beat played playing watched watching listened listening going gonna wanna gotta think thought feel felt ' +
    'said says tell told getting started start finished finish actually basically literally probably definitely').split(' '),
);

/** The most telling word of a message: its longest content word that is likely a subject. */
function keyWord(message: string): string | undefined {
  const words = contentWords(message).filter((w) => !/^\d+$/.test(w) && !w.endsWith('ly') && !NOT_SUBJECT.has(w));
  return words.sort((a, b) => b.length - a.length || a.localeCompare(b))[0];
}

const FOLLOW_UPS: Record<Tone, readonly string[]> = {
  hype: ['What got you into it?', 'Tell me everything!'],
  snark: ['Go on, convince me.', 'And you are sure about that?'],
  chill: ['What about you?', 'How about you, though?'],
  nerd: ['What is your reasoning?', 'Which part interests you most?'],
  competitive: ['Bet you cannot top that.', 'Think you can change my mind?'],
  warm: ['How about you?', 'I would love to hear more.'],
};

export function localChatReply(req: ChatReplyRequest): string {
  const recent = req.messages.slice(-5);
  const history = recent.map((m) => `${m.sender}:${m.text}`).join('|');
  const p = seededPicker(`chat|${req.username}|${req.personality}|${req.interests.join('|')}|${history}|${req.message}`);
  const tone = toneOf(req.personality);
  const message = req.message;
  const interest = mentionedInterest(message, req.interests);
  const earlier = interest ? undefined : mentionedInterest(recent.map((m) => m.text).join(' '), req.interests);
  const word = keyWord(message);
  const follow = p.pick(FOLLOW_UPS[tone]);

  if (GREETING.test(message.trim()) && !interest && contentWords(message).length <= 2) {
    const favorite = favoriteOf(req.interests, p);
    const lately = favorite ? ` I have been ${activity(favorite)} all week.` : '';
    return `${p.pick(['Hey!', 'Hi there!', 'Oh hey!'])}${lately} ${p.pick(['What are you up to?', 'What have you been into lately?'])}`;
  }
  if (isQuestion(message)) {
    if (interest) {
      return `${p.pick(['Easy:', 'Honestly,', 'For me,'])} ${interest} ${p.pick(['wins every time', 'is the answer', 'never gets old'])}. ${follow}`;
    }
    const asked = askedKind(message);
    const match = asked ? distinctItems(req.interests).find((i) => interestKind(i) === asked) : undefined;
    if (match) {
      return `${p.pick(['Mostly', 'Lately it is', 'Right now,'])} ${activity(match)}, ${p.pick(['no contest', 'honestly', 'every single day'])}. ${follow}`;
    }
    const favorite = earlier ?? favoriteOf(req.interests, p);
    const wh = /^(who|what|when|where|why|how|which)\b/i.exec(message.trim())?.[1]?.toLowerCase();
    if (wh) {
      const pickLine = favorite
        ? p.pick([`If I had to pick, I would go with ${favorite}.`, `Depends on the mood, but ${favorite} usually wins.`])
        : p.pick(['Depends on the mood, honestly.', 'I keep changing my mind on that one.']);
      return `${p.pick(['Good question.', 'Ooh, tough one.', 'Hmm, let me think.'])} ${pickLine}`;
    }
    const yes = p.chance(0.5);
    const about = word ? ` about ${inline(word, 30)}` : '';
    const answer = yes ? p.pick(['I would say yes', 'I lean yes', 'Probably yes']) : p.pick(['I would say no', 'I lean no', 'Honestly, not really']);
    const aside = favorite ? `, but ask me about ${favorite} instead` : '';
    return `${p.pick(['Good question', 'Tough one', 'Fair question'])}${about}. ${capitalize(answer)}${aside}.`;
  }
  if (interest) {
    return `${p.pick(['Wait, you are into', 'No way, you like', 'Okay, you just mentioned'])} ${interest}? ${p.pick([
      `I have lost whole weekends ${activity(interest)}.`,
      `That is basically my whole personality.`,
      `We are going to get along.`,
    ])} ${follow}`;
  }
  if (word) {
    const reaction: Record<Tone, readonly string[]> = {
      hype: [`${capitalize(word)}? That is amazing!`, `Okay, ${word} talk, I am here for it!`],
      snark: [`${capitalize(word)}, huh. Groundbreaking.`, `Sure, ${word}. Bold choice.`],
      chill: [`${capitalize(word)} sounds nice, honestly.`, `Yeah, ${word} is a vibe.`],
      nerd: [`Interesting point about ${word}.`, `${capitalize(word)} is more interesting than people think.`],
      competitive: [`${capitalize(word)}? I could beat you at that.`, `I bet I know more about ${word} than you.`],
      warm: [`Aw, ${word} sounds great.`, `I love that you brought up ${word}.`],
    };
    // At most three sentences: a two-sentence reaction leaves room for a bridge or a follow-up, not both.
    const tail = earlier ? `Still thinking about ${earlier} from earlier, though.` : follow;
    return `${p.pick(reaction[tone])} ${tail}`;
  }
  return `${p.pick(['Ha, fair.', 'Okay, noted.', 'I hear you.'])} ${follow}`;
}

export function localFirstResponse(req: FirstResponseRequest): string {
  const p = seededPicker(`first|${req.username}|${req.personality}|${req.prompt}|${req.partnerTake}|${req.message}`);
  const echo = inline(req.message.split(/\s+/).slice(0, 8).join(' '), 60);
  const topic = promptTopic(req.prompt);
  const interest = mentionedInterest(`${req.message} ${req.prompt}`, req.interests) ?? favoriteOf(req.interests, p);
  const outrage = echo
    ? p.pick([`Excuse me, "${echo}"? Are you serious right now?`, `Hold on, "${echo}"? I cannot believe you typed that!`, `Wow, "${echo}"? Absolutely not!`])
    : p.pick(['Excuse me? That is all you have got?', 'Seriously? That is your take?']);
  const stand = topic === 'this' ? 'I stand by every word I said' : `I stand by every word I said about ${topic}`;
  const credential = interest ? `, and as someone who lives for ${interest}, I know what I am talking about` : '';
  return `${outrage} ${capitalize(stand)}${credential}.`;
}
