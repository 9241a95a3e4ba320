// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { DebateView, ServerFrame } from '../../src/domain/liveContract';
import type { LiveCommand, LiveEmitted } from '../../src/features/live/machines/liveEvents';
import LiveDebateChat from '../../src/features/games/ui/LiveDebateChat';
import { bubbles, loadMatchedChatChunkFirst, renderGamesChat } from '../support/gamesChatScreen';
import { resetScreen } from '../support/screenTeardown';
import { json, mockFetch } from '../services/fetchMock';

// The member's Hot Takes screen over a fake live link: what it shows for the server's frames, and the
// frames it sends for what the member does.

// The AI chat the screen hands over to: its prompt comes at once, the partner's take never (the test stops there).
const aiOpponent = {
  generateHotTakesPrompt: () => Promise.resolve('Hot take: the album era is over.'),
  generatePersonaHotTake: () => new Promise<string>(() => undefined),
  generateFirstResponse: () => new Promise<string>(() => undefined),
  generateMatchedChatReply: () => new Promise<string>(() => undefined),
};

interface FakeLink {
  sent: unknown[];
  tell(event: LiveEmitted): void;
}

function fakeLink(): FakeLink & { logic: ReturnType<typeof fromCallback<LiveCommand>> } {
  const link = {
    sent: [] as unknown[],
    tell: (event: LiveEmitted): void => {
      throw new Error(`The screen has not started its link yet (${event.type})`);
    },
    logic: fromCallback<LiveCommand>(({ sendBack, receive }) => {
      link.tell = (event) => sendBack(event);
      receive((command) => link.sent.push(command.type === 'live.frame' ? command.frame : command));
    }),
  };
  return link;
}

const ALICE = { id: 'm-alice', username: 'Alice' };
function state(fields: Partial<DebateView>): LiveEmitted {
  const debate: DebateView = { debateId: 'd-1', prompt: 'Topic: Tabs\nTabs beat spaces.', opponent: ALICE, phase: 'writing', yourTake: null, opponentTake: null, messages: [], endedBy: null, result: null, ...fields };
  return { type: 'live.received', frame: { type: 'debate.state', debate } satisfies ServerFrame };
}

const renderWith = (link: ReturnType<typeof fakeLink>) =>
  renderGamesChat('/games/hottakes/chat', '/games/hottakes/chat', <LiveDebateChat liveLink={link.logic} />, aiOpponent);

/** The screen matched with Alice, both takes still to be written: the member's user events and the link. */
async function matchedWithAlice() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const link = fakeLink();
  renderWith(link);
  act(() => link.tell(state({})));
  await screen.findByText('Alice');
  return { user, link };
}

// The AI chat the screen hands over to is that lazy chunk.
loadMatchedChatChunkFirst();
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(resetScreen);

describe('live Hot Takes debate screen', () => {
  it('searches, shows the prompt, sends the take, reveals the other on SPEC timing, argues, and shows the end', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const link = fakeLink();
    renderWith(link);
    expect(await screen.findByText('Finding a debate partner...')).toBeInTheDocument();
    expect(link.sent).toEqual([{ type: 'debate.join', community: null }]);

    act(() => link.tell(state({})));
    expect(await screen.findByText('Alice')).toBeInTheDocument();
    expect(screen.getByText(/Tabs beat spaces\./)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Tabs forever{Enter}');
    expect(link.sent.at(-1)).toEqual({ type: 'debate.take', debateId: 'd-1', text: 'Tabs forever' });
    expect(screen.getAllByText("Waiting for Alice's hot take...").length).toBeGreaterThan(0);

    act(() => link.tell(state({ phase: 'revealed', yourTake: 'Tabs forever', opponentTake: 'Spaces rule' })));
    act(() => void vi.advanceTimersByTime(499));
    expect(bubbles()).not.toContain("Great! Here's what Alice said about this:");
    act(() => void vi.advanceTimersByTime(1));
    expect(bubbles()).toContain("Great! Here's what Alice said about this:");
    expect(bubbles()).not.toContain('Spaces rule');
    act(() => void vi.advanceTimersByTime(1000));
    expect(bubbles()).toContain('Spaces rule');

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Bytes!{Enter}');
    expect(link.sent.at(-1)).toMatchObject({ type: 'debate.say', debateId: 'd-1', text: 'Bytes!' });
    expect(bubbles().at(-1)).toBe('Bytes!');

    act(() => link.tell(state({ phase: 'ended', yourTake: 'Tabs forever', opponentTake: 'Spaces rule', endedBy: ALICE.id, result: { won: true, points: 110, messageCount: 5 } })));
    expect(await screen.findByText('Alice left the debate.')).toBeInTheDocument();
    expect(screen.getByText('You won! +110 points')).toBeInTheDocument();
    // Leaving keeps the chat in the Hot Takes logs, the other member's lines under their name.
    await user.click(screen.getByRole('button', { name: 'Back to games' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    const logs = JSON.parse(localStorage.getItem('hottakes_chat_logs') ?? '[]') as { partner: string; summary: string; messages: { sender: string; text: string }[] }[];
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ partner: 'Alice', summary: 'Hot Takes session with 4 messages' });
    expect(logs[0]?.messages.map((m) => [m.sender, m.text]).slice(1)).toEqual([
      ['user', 'Tabs forever'],
      ['system', "Great! Here's what Alice said about this:"],
      ['Alice', 'Spaces rule'],
      ['user', 'Bytes!'],
    ]);
  });

  it('while the take is written the message box takes it but the quick emojis are disabled; once the debate is on they send', async () => {
    const { user, link } = await matchedWithAlice();
    expect(screen.getByRole('textbox', { name: 'Message' })).not.toHaveAttribute('readonly');
    const emojis = within(screen.getByRole('group', { name: 'Quick emojis' })).getAllByRole('button');
    expect(emojis.length).toBe(10);
    for (const emoji of emojis) expect(emoji).toBeDisabled();

    act(() => link.tell(state({ phase: 'revealed', yourTake: 'Tabs forever', opponentTake: 'Spaces rule' })));
    act(() => void vi.advanceTimersByTime(1500));
    await user.click(screen.getByRole('button', { name: 'Send 🔥' }));
    expect(link.sent.at(-1)).toMatchObject({ type: 'debate.say', debateId: 'd-1', text: '🔥' });
    expect(bubbles().at(-1)).toBe('🔥');
  });

  it('Back during the debate asks first; Keep debating stays, Leave ends it for both; Back again goes to the games', async () => {
    const { user, link } = await matchedWithAlice();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const question = screen.getByRole('alertdialog', { name: 'Leave the debate?' });
    expect(question).toHaveTextContent(
      'Leaving now ends the debate for Alice too, and nothing is counted: a debate is won with more than 4 messages, takes included.',
    );
    await user.click(within(question).getByRole('button', { name: 'Keep debating' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(link.sent).toEqual([{ type: 'debate.join', community: null }]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Leave the debate?' })).getByRole('button', { name: 'Leave' }));
    expect(link.sent.at(-1)).toEqual({ type: 'debate.leave', debateId: 'd-1' });
    expect(await screen.findByText('You left the debate.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
  });

  it('blocking the other member asks to leave; kept debating, the header menu still reports her and no longer offers Block', async () => {
    const { calls } = mockFetch({ 'POST /api/blocks': json({}, 201), 'POST /api/reports': json({ id: 'r-1' }, 201) });
    const { user } = await matchedWithAlice();
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('button', { name: 'More actions for Alice' }));
    await user.click(screen.getByRole('button', { name: 'Block Alice' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Block Alice?' })).getByRole('button', { name: 'Block' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'You blocked Alice.' })).getByRole('button', { name: 'Done' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Leave the debate?' })).getByRole('button', { name: 'Keep debating' }));

    await user.click(within(header).getByRole('button', { name: 'More actions for Alice' }));
    expect(screen.queryByRole('button', { name: 'Block Alice' })).toBeNull();
    expect(within(header).getByText('You blocked Alice.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Report Alice' }));
    const report = screen.getByRole('dialog', { name: 'Report Alice' });
    await user.click(within(report).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(await within(report).findByText('Thank you. Your report about Alice was sent and will be reviewed.')).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/blocks', { userId: 'm-alice' }],
      ['POST', '/api/reports', { userId: 'm-alice', reason: 'harassment', source: 'debate', debateId: 'd-1' }],
    ]);
  });

  it("shows the points rule while arguing, and 'End debate' once won, which ends it for both with the win", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const link = fakeLink();
    renderWith(link);
    const argued = (n: number) =>
      state({
        phase: 'revealed',
        yourTake: 'Tabs forever',
        opponentTake: 'Spaces rule',
        messages: Array.from({ length: n }, (_, i) => ({ id: `x${i}`, clientId: `c${i}`, from: ALICE.id, text: `Point ${i}`, sentAt: '2026-03-01T12:00:00.000Z' })),
      });
    act(() => link.tell(argued(0)));
    act(() => void vi.advanceTimersByTime(1500));
    expect(await screen.findByText('A debate is won by both of you once it has more than 4 messages, takes included: 2 so far.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End debate' })).toBeNull();
    act(() => link.tell(argued(3)));
    expect(screen.getByText("You're winning: end the debate now for +110 points, or keep going for more.")).toBeInTheDocument();
    // Back now says what leaving records.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('alertdialog', { name: 'Leave the debate?' })).toHaveTextContent('Leaving now ends the debate for Alice too, and you both win +110 points.');
    await user.click(screen.getByRole('button', { name: 'Keep debating' }));
    await user.click(screen.getByRole('button', { name: 'End debate' }));
    expect(link.sent.at(-1)).toEqual({ type: 'debate.leave', debateId: 'd-1' });
    expect(await screen.findByText('You ended the debate.')).toBeInTheDocument();
    act(() => link.tell(state({ phase: 'ended', yourTake: 'Tabs forever', opponentTake: 'Spaces rule', endedBy: 'm-me', result: { won: true, points: 110, messageCount: 5 } })));
    expect(await screen.findByText('You won! +110 points')).toBeInTheDocument();
  });

  it('with nobody found in 10 s, cancels the search and hands over to the AI chat labelled AI opponent', async () => {
    const link = fakeLink();
    renderWith(link);
    await screen.findByText('Finding a debate partner...');
    act(() => void vi.advanceTimersByTime(9_999));
    expect(screen.queryByRole('region', { name: "Today's debate" })).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    const card = await screen.findByRole('region', { name: "Today's debate" });
    expect(within(card).getByText('Hot take: the album era is over.')).toBeInTheDocument();
    expect(within(card).getByText('AI opponent')).toBeInTheDocument();
    expect(link.sent).toEqual([{ type: 'debate.join', community: null }, { type: 'debate.cancel' }]);
  });
});
