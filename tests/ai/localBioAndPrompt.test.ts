import { describe, expect, it } from 'vitest';
import { expectAnswers, slots } from '../support/answers';
import type { BioRequest } from '../../src/domain/aiContract';
import { localBio } from '../../server/ai/local/bio';
import { interestKind } from '../../server/ai/local/catalog';
import { localHotTakesPrompt, topicOf } from '../../server/ai/local/hotTakes';

// The wording of the local bio and Hot Takes prompt: which sentence each part of a profile gets, what
// goes into it, and every alternative wording. The wording varies with a seed of the whole request, so
// each case writes 60 bios or prompts that differ only by a name or an unrelated field.

const NAMES = Array.from({ length: 60 }, (_, i) => `sam${i}`);

const empty: Omit<BioRequest, 'username'> = { hobbies: '', musicGenres: [], favoriteGames: [], favoriteShows: [] };
const bios = (profile: Partial<BioRequest>) => NAMES.map((username) => localBio({ username, ...empty, ...profile }));

describe('local bio sentences', () => {
  it('welcomes someone with nothing listed', () => {
    expect(localBio({ username: 'sam', ...empty })).toBe("sam is new to Mycelius and still adding favorites. Say hi and be the first to find out what they're into.");
    expect(localBio({ username: '  ', ...empty })).toBe("This user is new to Mycelius and still adding favorites. Say hi and be the first to find out what they're into.");
  });

  it('writes the music sentence from up to 3 genres, 3 artists and the top track, then an invitation', () => {
    expect(
      slots(
        bios({ musicGenres: ['Metal', 'Jazz', 'Punk', 'Folk'], spotifyData: { topArtists: ['Gojira', 'Mastodon', 'Tool', 'Ghost'], topTracks: ['Stranded', 'Other'] } }),
        /^(?:sam\d+ lives on a steady diet of|sam\d+'s playlists lean hard into|Music-wise, sam\d+ is all about) Metal, Jazz and Punk (with Gojira, Mastodon and Tool on heavy rotation|and lately can't stop playing Gojira, Mastodon and Tool)(, with "Stranded" stuck on repeat| \(current obsession: "Stranded"\))\. (Always up for meeting people with the same taste\.|Say hi if that sounds like you\.)$/,
      ),
    ).toEqual([
      ["and lately can't stop playing Gojira, Mastodon and Tool", 'with Gojira, Mastodon and Tool on heavy rotation'],
      [' (current obsession: "Stranded")', ', with "Stranded" stuck on repeat'],
      ['Always up for meeting people with the same taste.', 'Say hi if that sounds like you.'],
    ]);
    expect(slots(bios({ musicGenres: ['Metal'] }), /^(sam\d+ lives on a steady diet of|sam\d+'s playlists lean hard into|Music-wise, sam\d+ is all about) Metal\. /)[0]).toHaveLength(60);
    const openers = slots(bios({ musicGenres: ['Metal'] }), /^(?:sam\d+)?( lives on a steady diet of|'s playlists lean hard into|Music-wise, )/)[0];
    expect(openers).toEqual([" lives on a steady diet of", "'s playlists lean hard into", 'Music-wise, ']);
  });

  it('without genres, still has music playing when Spotify names an artist or a track', () => {
    expect(slots(bios({ spotifyData: { topArtists: [], topTracks: ['Stranded'] } }), /^sam\d+(( always has something playing)|('s headphones rarely come off))/)[0]).toEqual([
      " always has something playing",
      "'s headphones rarely come off",
    ]);
    for (const bio of bios({ spotifyData: { topArtists: ['Gojira'], topTracks: [] } })) expect(bio).toMatch(/^sam\d+(?: always has something playing|'s headphones rarely come off) (?:with Gojira on heavy rotation|and lately can't stop playing Gojira)\. /);
  });

  it('writes the games sentence: most played Steam games with hours first, then favourites not already named', () => {
    const steamData = { games: [{ name: 'Hades', hours: 40.4 }, { name: 'Elden Ring', hours: 212 }, { name: 'Tetris', hours: 3 }, { name: ' ', hours: 999 }, { name: 'Idle', hours: 0.5 }] };
    expect(
      slots(
        bios({ musicGenres: ['Metal'], steamData, favoriteGames: ['hades (40 hours in)', 'Celeste', 'Portal 2', 'Tetris'] }),
        /^[^.]+\. (On the gaming side, they sinks time into|When it's game night, expect|They can talk) (Elden Ring \(212 hours in\), Hades \(40 hours in\) and hades \(40 hours in\))/,
      ),
    ).toHaveLength(2);
    for (const bio of bios({ musicGenres: ['Metal'], favoriteGames: ['Celeste', 'celeste', 'Portal 2', 'Tetris', 'Hades'] })) {
      expect(bio).toMatch(/^[^.]+\. (?:On the gaming side, they sinks time into|When it's game night, expect|They can talk) Celeste, Portal 2 and Tetris(?:\.| for hours\.)$/);
    }
    for (const bio of bios({ musicGenres: ['Metal'], steamData: { games: [{ name: 'Idle', hours: 0.5 }] } })) expect(bio).toMatch(/ Idle(?:\.| for hours\.)$/);
    for (const bio of bios({ musicGenres: ['Metal'], steamData: { games: [{ name: 'Tetris', hours: 1 }] } })) expect(bio).toMatch(/ Tetris \(1 hours in\)(?:\.| for hours\.)$/);
    expect(
      slots(
        bios({ favoriteGames: ['Celeste'] }),
        /^(On the gaming side, sam\d+ sinks time into Celeste\.|When it's game night, expect Celeste\.|Sam\d+ can talk Celeste for hours\.) (?:Always up for meeting people with the same taste\.|Say hi if that sounds like you\.)$/,
      )[0]!.map((sentence) => sentence.replace(/\d+/, '')),
    ).toEqual(expect.arrayContaining(['On the gaming side, sam sinks time into Celeste.', "When it's game night, expect Celeste.", 'Sam can talk Celeste for hours.']));
  });

  it('drops a favourite already counted among the Steam games', () => {
    const steamData = { games: [{ name: 'Hades', hours: 40 }] };
    for (const bio of bios({ musicGenres: ['Metal'], steamData, favoriteGames: ['hades', 'Celeste'] })) expect(bio).toMatch(/Hades \(40 hours in\) and Celeste(?:\.| for hours\.)$/);
  });

  it('writes the screen sentence from shows, Trakt shows and movies, and hobbies', () => {
    const traktData = { shows: ['Severance'], movies: ['Dune', 'Alien'] };
    expect(
      slots(
        bios({ musicGenres: ['Metal'], favoriteShows: ['Arcane'], traktData, hobbies: 'baking. And climbing' }),
        /^[^.]+\. (Away from the screen it's baking, And climbing, and on it Arcane, Severance and Dune\.|Between Arcane, Severance and Dune marathons, they is into baking, And climbing\.)$/,
      )[0],
    ).toHaveLength(2);
    expect(
      slots(bios({ musicGenres: ['Metal'], favoriteShows: ['Arcane'] }), /^[^.]+\. (Watchlist highlights: Arcane\.|They will happily rewatch Arcane\.)$/)[0],
    ).toHaveLength(2);
    expect(slots(bios({ musicGenres: ['Metal'], hobbies: ' baking ' }), /^[^.]+\. (Off-screen, they is into baking\.|Outside of that, think baking\.)$/)[0]).toHaveLength(2);
  });

  it('names the person in the first sentence and says "they" after it', () => {
    for (const bio of bios({ favoriteShows: ['Arcane'], hobbies: 'baking' })) expect(bio).toMatch(/^(Away from the screen it's baking, and on it Arcane\.|Between Arcane marathons, sam\d+ is into baking\.) /);
    for (const bio of bios({ hobbies: 'baking' })) expect(bio).toMatch(/^(Off-screen, sam\d+ is into baking\.|Outside of that, think baking\.) /);
    for (const bio of bios({ favoriteShows: ['Arcane'] })) expect(bio).toMatch(/^(Watchlist highlights: Arcane\.|Sam\d+ will happily rewatch Arcane\.) /);
    for (const bio of bios({ favoriteGames: ['Celeste'], favoriteShows: ['Arcane'] })) {
      expect(bio).toMatch(/^(?:On the gaming side, sam\d+ sinks time into|When it's game night, expect|Sam\d+ can talk) Celeste(?:\.| for hours\.) (?:Watchlist highlights: Arcane\.|They will happily rewatch Arcane\.)$/);
    }
  });
});

describe('local Hot Takes prompt wording', () => {
  const prompts = (interests: string[]) => NAMES.map((name) => localHotTakesPrompt(interests, `Topic: ${name}`));

  // Every wording a single interest's prompt takes, with the topic line checked and left out.
  const wordingsFor = (interest: string) => slots(prompts([interest]), new RegExp(`^Topic: ${interest}\\n(.+)$`))[0];

  it('uses the templates of the interest kind', () => {
    expectAnswers(wordingsFor, [
      ['Jazz', [
        "Jazz is the most overrated genre on anyone's playlist. Defend it or bury it, then hold your ground.",
        'Jazz peaked years ago and everything since is a remix. Agree or disagree? Back it up with one song.',
        'Jazz sounds better live than it ever will in headphones. True or false? Make your case.',
      ]],
      ['Hades', [
        'Hades is more fun to talk about than to actually play. Agree or disagree? Give your strongest reason.',
        'Hades would be better with half the content. Is that a crime or a mercy? Pick a side and defend it.',
        'The community around Hades matters more than the game itself. Hot or not? Convince the other player.',
      ]],
      ['Dune', [
        'Dune gets more hype than it deserves. Defend it or admit it, and stick to your side.',
        'Dune is better the second time you watch it. True, or nostalgia talking? Make your case.',
        'Dune should have ended a season earlier. Agree or disagree? Name the moment it peaked.',
      ]],
      ['knitting', [
        'Everyone pretends to like knitting more than they actually do. Hot or not? Pick a side and defend it.',
        "Hot take: knitting? Wildly overrated. Agree or disagree, and give one reason that could change someone's mind.",
      ]],
    ]);
  });

  it('falls back to everyday topics without interests', () => {
    expect(slots(prompts([]), /^Topic: (.+)\n/)[0]).toEqual(['Early mornings', 'Group chats', 'Movie sequels', 'Pineapple pizza', 'Reboots', 'Spoilers']);
  });

  it('cuts a topic to 3 words without trailing punctuation', () => {
    expectAnswers(topicOf, [
      ['  The   Legend of Zelda ', 'The Legend of'],
      ['Rock, Paper', 'Rock, Paper'],
      ['Hip hop:;', 'Hip hop'],
      ['Dance–', 'Dance'],
      ['', ''],
    ]);
  });

  it('tells the kind of an interest from the catalog, then from hint words', () => {
    expectAnswers(interestKind, [
      ['hip-hop', 'genre'],
      ['ELDEN RING', 'game'],
      ['the office', 'show'],
      ['Farming Simulator', 'game'],
      ['Some anime series', 'show'],
      ['knitting', 'other'],
    ]);
  });
});
