import { describe, expect, it } from 'vitest';
import { expectAnswers, slots } from '../support/answers';
import type { ChatReplyRequest } from '../../src/domain/aiContract';
import { localChatReply, localFirstResponse, localPersonaHotTake, mentionedInterest, promptTopic, toneOf } from '../../server/ai/local/persona';

// The wording of the local persona replies, path by path: what a reply says for a greeting, a question
// about an interest, a question about what they play, a "wh" question, a yes/no question, a statement
// naming an interest, any other statement. The wording varies with a seed of the whole request, so each
// case asks 60 personas that differ only by username and checks every reply against the sentence
// shapes of that path, and that every alternative of each slot is used.

const PERSONAS = Array.from({ length: 60 }, (_, i) => `persona${i}`);

const warm = { personality: 'Kind and friendly.', interests: ['Jazz', 'Hades', 'Dune', 'knitting'] };

function chat(message: string, extra: Partial<ChatReplyRequest> = {}): string[] {
  return PERSONAS.map((username) => localChatReply({ username, ...warm, messages: [], message, ...extra }));
}

const WARM_FOLLOW = '(How about you\\?|I would love to hear more\\.)';

describe('local chat replies', () => {
  it('answers a greeting with a greeting, what they have been doing, and a question back', () => {
    expect(slots(chat('hey there', { interests: ['Hades'] }), /^(Hey!|Hi there!|Oh hey!) I have been playing Hades all week\. (What are you up to\?|What have you been into lately\?)$/)).toEqual([
      ['Hey!', 'Hi there!', 'Oh hey!'],
      ['What are you up to?', 'What have you been into lately?'],
    ]);
    expect(slots(chat('hello', { interests: ['Jazz'] }), /^(?:Hey!|Hi there!|Oh hey!) I have been (listening to Jazz) all week\./)).toEqual([['listening to Jazz']]);
    expect(slots(chat('hello', { interests: ['Dune'] }), /^(?:Hey!|Hi there!|Oh hey!) I have been (watching Dune) all week\./)).toEqual([['watching Dune']]);
    expect(slots(chat('hello', { interests: ['knitting'] }), /^(?:Hey!|Hi there!|Oh hey!) I have been (knitting) all week\./)).toEqual([['knitting']]);
    expect(slots(chat('hi', { interests: [] }), /^(?:Hey!|Hi there!|Oh hey!)( )(?:What are you up to\?|What have you been into lately\?)$/)).toEqual([[' ']]);
  });

  it('treats a long greeting, or one naming an interest, as a statement', () => {
    for (const reply of chat('hey I finally bought a trombone today')) expect(reply).not.toMatch(/^(Hey!|Hi there!|Oh hey!)/);
    expect(slots(chat('hey buddy'), /^(Hey!|Hi there!|Oh hey!) /)[0]).toHaveLength(3);
    expect(slots(chat('  hello'), /^(Hey!|Hi there!|Oh hey!) /)[0]).toHaveLength(3);
    for (const reply of chat('hey jazz')) expect(reply).toMatch(/^(Wait, you are into|No way, you like|Okay, you just mentioned) Jazz\?/);
  });

  it('answers a question about one of their interests with that interest', () => {
    expect(slots(chat('Do you like Dune?'), new RegExp(`^(Easy:|Honestly,|For me,) Dune (wins every time|is the answer|never gets old)\\. ${WARM_FOLLOW}$`))).toEqual([
      ['Easy:', 'For me,', 'Honestly,'],
      ['is the answer', 'never gets old', 'wins every time'],
      ['How about you?', 'I would love to hear more.'],
    ]);
  });

  it('answers what they play, listen to or watch with an interest of that kind', () => {
    expect(slots(chat('What are you playing these days?'), new RegExp(`^(Mostly|Lately it is|Right now,) playing Hades, (no contest|honestly|every single day)\\. ${WARM_FOLLOW}$`))).toEqual([
      ['Lately it is', 'Mostly', 'Right now,'],
      ['every single day', 'honestly', 'no contest'],
      ['How about you?', 'I would love to hear more.'],
    ]);
    expect(slots(chat('what music do you put on?'), /^(?:Mostly|Lately it is|Right now,) (listening to Jazz),/)).toEqual([['listening to Jazz']]);
    expect(slots(chat('any anime you would watch?'), /^(?:Mostly|Lately it is|Right now,) (watching Dune),/)).toEqual([['watching Dune']]);
  });

  it('answers a "wh" question with a pick among their interests, or a shrug without any', () => {
    expect(
      slots(chat('Why is the sky blue?'), /^(Good question\.|Ooh, tough one\.|Hmm, let me think\.) (?:If I had to pick, I would go with|Depends on the mood, but) (Jazz|Hades|Dune|knitting)(\.| usually wins\.)$/),
    ).toEqual([
      ['Good question.', 'Hmm, let me think.', 'Ooh, tough one.'],
      ['Dune', 'Hades', 'Jazz', 'knitting'],
      [' usually wins.', '.'],
    ]);
    expect(slots(chat('Why is the sky blue?', { interests: [] }), /^(?:Good question\.|Ooh, tough one\.|Hmm, let me think\.) (Depends on the mood, honestly\.|I keep changing my mind on that one\.)$/)).toEqual([
      ['Depends on the mood, honestly.', 'I keep changing my mind on that one.'],
    ]);
  });

  it('brings up an interest from the recent messages when the question names none', () => {
    const messages = [{ sender: 'user', text: 'I rewatched Dune yesterday' }];
    for (const reply of chat('Why is the sky blue?', { messages })) expect(reply).toMatch(/(go with Dune\.|but Dune usually wins\.)$/);
  });

  it('answers a yes/no question yes or no, about its key word, pointing to an interest', () => {
    expect(
      slots(
        chat('Is pineapple pizza acceptable?'),
        /^(Good question|Tough one|Fair question) about (acceptable)\. (I would say yes|I lean yes|Probably yes|I would say no|I lean no|Honestly, not really), but ask me about (Jazz|Hades|Dune|knitting) instead\.$/,
      ),
    ).toEqual([
      ['Fair question', 'Good question', 'Tough one'],
      ['acceptable'],
      ['Honestly, not really', 'I lean no', 'I lean yes', 'I would say no', 'I would say yes', 'Probably yes'],
      ['Dune', 'Hades', 'Jazz', 'knitting'],
    ]);
    for (const reply of chat('  is it ok')) expect(reply).toMatch(/^(Good question|Tough one|Fair question)/);
    expect(slots(chat('Is it ok?', { interests: [] }), /^(?:Good question|Tough one|Fair question)()\. (?:I would say yes|I lean yes|Probably yes|I would say no|I lean no|Honestly, not really)\.$/)).toEqual([['']]);
  });

  it('picks up an interest named in a statement', () => {
    expect(
      slots(
        chat('I just beat Hades again'),
        new RegExp(`^(Wait, you are into|No way, you like|Okay, you just mentioned) Hades\\? (I have lost whole weekends playing Hades\\.|That is basically my whole personality\\.|We are going to get along\\.) ${WARM_FOLLOW}$`),
      ),
    ).toEqual([
      ['No way, you like', 'Okay, you just mentioned', 'Wait, you are into'],
      ['I have lost whole weekends playing Hades.', 'That is basically my whole personality.', 'We are going to get along.'],
      ['How about you?', 'I would love to hear more.'],
    ]);
  });

  it("reacts to a statement's longest telling word in the persona's tone", () => {
    const reactions: [string, RegExp][] = [
      ['Energetic party animal', /^(Trombones\? That is amazing!|Okay, trombones talk, I am here for it!) /],
      ['Sarcastic and dry', /^(Trombones, huh\. Groundbreaking\.|Sure, trombones\. Bold choice\.) /],
      ['Chill and mellow', /^(Trombones sounds nice, honestly\.|Yeah, trombones is a vibe\.) /],
      ['Analytical lore nerd', /^(Interesting point about trombones\.|Trombones is more interesting than people think\.) /],
      ['Competitive ranked grinder', /^(Trombones\? I could beat you at that\.|I bet I know more about trombones than you\.) /],
      ['Kind and friendly', /^(Aw, trombones sounds great\.|I love that you brought up trombones\.) /],
    ];
    for (const [personality, pattern] of reactions) {
      // "finally", "today" and "2024" are never the subject; "trombones" is the longest word left.
      expect(slots(chat('I finally got trombones today 2024', { personality }), pattern)[0]).toHaveLength(2);
    }
  });

  it('prefers the longer word, then the alphabetically first, as the subject; never a number or a word ending in -ly', () => {
    for (const reply of chat('wonderfully 123456789 cats')) expect(reply).toMatch(/\b(cats|Cats)\b/);
    for (const reply of chat('cats versus dogs')) expect(reply).toMatch(/\b(versus|Versus)\b/);
    for (const reply of chat('zebra apple')) expect(reply).toMatch(/\b(apple|Apple)\b/);
    // A word with digits is a subject; only a number is not.
    for (const reply of chat('cats 123abcdef')) expect(reply).toContain('123abcdef');
    for (const reply of chat('cats abcdef123')) expect(reply.toLowerCase()).toContain('abcdef123');
  });

  it('after a reaction, recalls an interest from earlier instead of asking back', () => {
    const messages = [{ sender: 'user', text: 'dune was great' }];
    for (const reply of chat('trombones', { messages })) expect(reply).toMatch(/ Still thinking about Dune from earlier, though\.$/);
    // Only the last 5 messages count.
    const older = [...messages, ...[1, 2, 3, 4, 5].map((n) => ({ sender: 'user', text: `filler ${n}` }))];
    for (const reply of chat('trombones', { messages: older })) expect(reply).toMatch(new RegExp(` ${WARM_FOLLOW}$`));
  });

  it('nods at a message with no subject at all', () => {
    expect(slots(chat('ok so yes'), new RegExp(`^(Ha, fair\\.|Okay, noted\\.|I hear you\\.) ${WARM_FOLLOW}$`))).toEqual([
      ['Ha, fair.', 'I hear you.', 'Okay, noted.'],
      ['How about you?', 'I would love to hear more.'],
    ]);
  });
});

describe('local persona tone and topics', () => {
  it('takes the tone with the most cue words, warm when none', () => {
    expectAnswers(toneOf, [
      ['', 'warm'],
      ['sarcastic', 'snark'],
      // One cue each for snark and competitive: the first listed keeps it.
      ['sarcastic ranked', 'snark'],
      ['sarcastic ranked competitive', 'competitive'],
      ['bubbly upbeat party', 'hype'],
    ]);
  });

  it('reads the topic line of a prompt, else its first two content words, else "this"', () => {
    expectAnswers(promptTopic, [
      ['Topic: Elden Ring boss fights are hard\nWhat do you think?', 'Elden Ring boss'],
      ['  topic :  Pizza.\nMore', 'Pizza'],
      ['Pineapple pizza rules everything', 'pineapple pizza'],
      ['is it?', 'this'],
      ['Topic:Pizza', 'Pizza'],
      // "topic:" counts only at the start of a line.
      ['My topic: Pizza', 'topic pizza'],
    ]);
  });

  it('finds the interest a text mentions by name or by a shared word stem', () => {
    expect(mentionedInterest('I love stardew valley', ['Metal', 'Stardew Valley'])).toBe('Stardew Valley');
    expect(mentionedInterest('gaming all night', ['Metal', 'Video games'])).toBe('Video games');
    expect(mentionedInterest('nothing here', ['Metal'])).toBeUndefined();
    // Named in full, even when none of its words would count on their own.
    expect(mentionedInterest('I love THE WHO', ['The Who'])).toBe('The Who');
  });
});

describe('local persona hot takes', () => {
  const takes = (personality: string, interests: string[], prompt: string) =>
    PERSONAS.map((username) => localPersonaHotTake({ username, personality, interests, prompt }));

  it('takes a side on the topic, tied to the interest the prompt names', () => {
    expect(
      slots(
        takes('Kind.', ['Hades', 'Jazz'], 'Topic: Hades\nHades is overrated.'),
        /^(?:Ooh, fun one\.|Love this question\.|Okay, I will be honest\.) (Hades absolutely deserves the hype|I am fully on team Hades|Hades is a hill I will defend|Hades is seriously overrated|People are way too nice about Hades|Hades does not hold up)(, and I say that as someone who spends way too long playing Hades|, coming from a huge Hades fan)\.$/,
      ),
    ).toEqual([
      ['Hades absolutely deserves the hype', 'Hades does not hold up', 'Hades is a hill I will defend', 'Hades is seriously overrated', 'I am fully on team Hades', 'People are way too nice about Hades'],
      [', and I say that as someone who spends way too long playing Hades', ', coming from a huge Hades fan'],
    ]);
  });

  it('ties an unrelated prompt to a favourite interest, or to nothing without interests', () => {
    expect(slots(takes('Kind.', ['Jazz'], 'Topic: Pizza'), /^.+ (?:Pizza|hype|defend|overrated|up)(, and I would rather be listening to Jazz anyway|; Jazz does it better)\.$/)).toEqual([
      [', and I would rather be listening to Jazz anyway', '; Jazz does it better'],
    ]);
    for (const take of takes('Kind.', [], 'Topic: Pizza')) expect(take).toMatch(/ (hype|Pizza|defend|overrated|up)\.$/);
  });

  it('agrees less often when snarky or competitive', () => {
    const agreeing = (personality: string) =>
      takes(personality, [], 'Topic: Pizza').filter((t) => /deserves the hype|fully on team|hill I will defend/.test(t)).length;
    const warmShare = agreeing('Kind and friendly.') / PERSONAS.length;
    const snarkShare = agreeing('Sarcastic.') / PERSONAS.length;
    const competitiveShare = agreeing('Competitive.') / PERSONAS.length;
    expect(warmShare).toBeGreaterThan(0.45);
    expect(warmShare).toBeLessThan(0.75);
    expect(snarkShare).toBeGreaterThan(0.2);
    expect(snarkShare).toBeLessThan(0.45);
    expect(competitiveShare).toBeGreaterThan(0.2);
    expect(competitiveShare).toBeLessThan(0.45);
  });
});

describe('local first responses', () => {
  const firsts = (message: string, prompt: string, interests: string[]) =>
    PERSONAS.map((username) => localFirstResponse({ username, personality: 'Kind.', interests, prompt, partnerTake: 'Mine.', message }));

  it('quotes the first 8 words of the message, outraged, and stands by the take on the topic', () => {
    expect(
      slots(
        firsts('one two three four five six seven eight nine ten', 'Topic: Pizza\nPizza is great.', ['knitting']),
        /^(Excuse me, "one two three four five six seven eight"\? Are you serious right now\?|Hold on, "one two three four five six seven eight"\? I cannot believe you typed that!|Wow, "one two three four five six seven eight"\? Absolutely not!) I stand by every word I said about Pizza(, and as someone who lives for knitting, I know what I am talking about)\.$/,
      ),
    ).toHaveLength(2);
  });

  it('without a message, topic or interest says less', () => {
    expect(slots(firsts('   ', 'is it?', []), /^(Excuse me\? That is all you have got\?|Seriously\? That is your take\?) (I stand by every word I said)\.$/)).toEqual([
      ['Excuse me? That is all you have got?', 'Seriously? That is your take?'],
      ['I stand by every word I said'],
    ]);
  });

  it('names the interest the message or prompt mentions', () => {
    for (const reply of firsts('jazz is dead', 'Topic: Music', ['Metal', 'Jazz'])) expect(reply).toMatch(/as someone who lives for Jazz, /);
  });
});
