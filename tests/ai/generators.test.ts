import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BioRequest, ChatReplyRequest } from '../../src/domain/aiContract';
import { localBio } from '../../server/ai/local/bio';
import { localHotTakesPrompt } from '../../server/ai/local/hotTakes';
import { localChatReply, localFirstResponse, localPersonaHotTake, toneOf } from '../../server/ai/local/persona';
import { sentences } from '../../server/ai/local/text';

// The local engine's text: docs/product.md lengths, built from the input, deterministic.

const textArb = fc.string({ maxLength: 80 });
const listArb = fc.array(fc.string({ maxLength: 30 }), { maxLength: 6 });

const bioArb: fc.Arbitrary<BioRequest> = fc.record({
  username: fc.string({ maxLength: 20 }),
  hobbies: textArb,
  musicGenres: listArb,
  favoriteGames: listArb,
  favoriteShows: listArb,
  spotifyData: fc.option(fc.record({ topArtists: listArb, topTracks: listArb }), { nil: undefined }),
  steamData: fc.option(
    fc.record({ games: fc.array(fc.record({ name: fc.string({ maxLength: 30 }), hours: fc.nat(5000) }), { maxLength: 5 }) }),
    { nil: undefined },
  ),
  traktData: fc.option(fc.record({ shows: listArb, movies: listArb }), { nil: undefined }),
});

const personaArb = fc.record({ username: fc.string({ maxLength: 20 }), personality: textArb, interests: listArb });

const sam: BioRequest = {
  username: 'sam',
  hobbies: 'bouldering and baking sourdough',
  musicGenres: ['Metal', 'Jazz'],
  favoriteGames: ['Elden Ring'],
  favoriteShows: ['Attack on Titan'],
  spotifyData: { topArtists: ['Gojira', 'Mastodon'], topTracks: ['Stranded'] },
  steamData: { games: [{ name: 'Hades', hours: 40 }, { name: 'Elden Ring', hours: 212 }] },
  traktData: { shows: ['Severance'], movies: ['Dune'] },
};

const riff = {
  username: 'riff_lord',
  personality: 'Sarcastic metalhead who roasts everyone but secretly loves cozy games.',
  interests: ['Metal', 'Stardew Valley', 'Dark Souls'],
};

describe('local bio', () => {
  it('writes 2-3 sentences for any profile, the same each time', () => {
    fc.assert(
      fc.property(bioArb, (req) => {
        const bio = localBio(req);
        expect(sentences(bio).length).toBeGreaterThanOrEqual(2);
        expect(sentences(bio).length).toBeLessThanOrEqual(3);
        expect(localBio(structuredClone(req))).toBe(bio);
      }),
    );
  });

  it('draws on connected-service data: artists, track, games with hours, shows and movies', () => {
    const bio = localBio(sam);
    for (const bit of ['Gojira', 'Stranded', 'Elden Ring (212 hours in)', 'Hades (40 hours in)', 'Severance', 'bouldering']) {
      expect(bio).toContain(bit);
    }
  });

  it('differs when the profile differs', () => {
    const other = localBio({ ...sam, username: 'lee', musicGenres: ['K-Pop'], spotifyData: { topArtists: ['NewJeans'], topTracks: [] } });
    expect(other).not.toBe(localBio(sam));
    expect(other).toContain('NewJeans');
  });
});

describe('local Hot Takes prompt', () => {
  it('gives a topic of at most 3 words from the interests and at most 4 sentences', () => {
    fc.assert(
      fc.property(listArb, (interests) => {
        const [first, ...rest] = localHotTakesPrompt(interests).split('\n');
        expect(first).toMatch(/^Topic: /);
        const topic = (first as string).slice('Topic: '.length);
        expect(topic.trim().split(/\s+/).length).toBeLessThanOrEqual(3);
        const body = rest.join(' ');
        expect(sentences(body).length).toBeGreaterThanOrEqual(1);
        expect(sentences(body).length).toBeLessThanOrEqual(4);
      }),
    );
  });

  it('takes its topic from the interests', () => {
    const prompt = localHotTakesPrompt(['Grand Theft Auto V']);
    expect(prompt.split('\n')[0]).toBe('Topic: Grand Theft Auto');
    expect(localHotTakesPrompt(['Metal', 'Elden Ring'])).toMatch(/^Topic: (Metal|Elden Ring)\n/);
  });

  it('never gives the prompt just played again, for any interests', () => {
    fc.assert(
      fc.property(listArb, (interests) => {
        const first = localHotTakesPrompt(interests);
        const second = localHotTakesPrompt(interests, first);
        expect(second).not.toBe(first);
        expect(localHotTakesPrompt(interests, second)).not.toBe(second);
      }),
    );
  });
});

describe('local persona texts', () => {
  it('keeps a persona hot take to 1-2 sentences', () => {
    fc.assert(
      fc.property(personaArb, textArb, (persona, prompt) => {
        const take = localPersonaHotTake({ ...persona, prompt });
        expect(sentences(take).length).toBeGreaterThanOrEqual(1);
        expect(sentences(take).length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('keeps chat replies and first responses to 1-3 sentences', () => {
    const turns = fc.array(fc.record({ sender: fc.constantFrom('user', 'riff_lord'), text: textArb }), { maxLength: 8 });
    fc.assert(
      fc.property(personaArb, turns, textArb, (persona, messages, message) => {
        const reply = localChatReply({ ...persona, messages, message });
        expect(sentences(reply).length).toBeGreaterThanOrEqual(1);
        expect(sentences(reply).length).toBeLessThanOrEqual(3);
        const first = localFirstResponse({ ...persona, prompt: 'Topic: Pizza', partnerTake: '', message });
        expect(sentences(first).length).toBeGreaterThanOrEqual(1);
        expect(sentences(first).length).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('reads the tone from the personality', () => {
    expect(toneOf(riff.personality)).toBe('snark');
    expect(toneOf('A chill, laid-back night owl')).toBe('chill');
    expect(toneOf('Super competitive ranked grinder')).toBe('competitive');
  });

  it('takes a hot take on the prompt topic, voiced by the persona', () => {
    const take = localPersonaHotTake({ ...riff, prompt: 'Topic: Elden Ring\nElden Ring is overrated. Agree?' });
    expect(take).toContain('Elden Ring');
    const calm = localPersonaHotTake({ ...riff, personality: 'Calm and mellow.', prompt: 'Topic: Elden Ring\nElden Ring is overrated.' });
    expect(calm).not.toBe(take);
  });

  it('responds to what was said: a shared interest, a question, a greeting', () => {
    const base: ChatReplyRequest = { ...riff, messages: [], message: '' };
    expect(localChatReply({ ...base, message: 'I have been playing stardew valley all week' })).toContain('Stardew Valley');
    const question = localChatReply({ ...base, message: 'What do you think about pineapple on pizza?' });
    const statement = localChatReply({ ...base, message: 'I think pineapple on pizza is great' });
    expect(question).not.toBe(statement);
    expect(statement.toLowerCase()).toContain('pineapple');
    expect(localChatReply({ ...base, message: 'hey!' })).toMatch(/^(Hey|Hi there|Oh hey)!/);
    // A question about what they play is answered with one of the persona's games.
    expect(localChatReply({ ...base, message: 'What are you playing these days?' })).toMatch(/playing (Stardew Valley|Dark Souls)/);
  });

  it('uses only the last 5 messages', () => {
    const recent = [1, 2, 3, 4, 5].map((n) => ({ sender: 'user', text: `message ${n}` }));
    const a = localChatReply({ ...riff, messages: [{ sender: 'user', text: 'old one' }, ...recent], message: 'So what now?' });
    const b = localChatReply({ ...riff, messages: [{ sender: 'user', text: 'another old one' }, ...recent], message: 'So what now?' });
    expect(a).toBe(b);
  });

  it('answers the first message of a matched chat brash and indignant, quoting it', () => {
    const reply = localFirstResponse({ ...riff, prompt: 'Topic: Pineapple pizza\nIt is great.', partnerTake: 'Nope.', message: 'Pineapple pizza rules' });
    expect(reply).toContain('"Pineapple pizza rules"');
    expect(reply).toMatch(/!|\?/);
    expect(reply).toContain('Pineapple pizza');
  });
});
