// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfile } from '../../src/domain/profile';
import { fromPromise } from 'xstate';
import type { AiProvider } from '../../src/features/profile/machines/bioGeneration.machine';
import { aiSummaryKey } from '../../src/features/profile/storage/aiSummary';
import { saveProfile } from '../../src/shared/storage/profile';
import { AiSummaryPanel } from '../../src/features/profile/ui/AiSummaryPanel';
import { WithProfileActors } from '../support/profileActors';
import { resetScreen } from '../support/screenTeardown';

// The server's AI provider, as the panel's loadAiProvider actor answers it.
let aiProvider: () => Promise<AiProvider>;

function renderPanel() {
  return render(
    <WithProfileActors
      override={(real) => ({
        ...real,
        bioGeneration: { ...real.bioGeneration, actors: { ...real.bioGeneration.actors, loadAiProvider: fromPromise(() => aiProvider()) } },
      })}
    >
      <AiSummaryPanel />
    </WithProfileActors>,
  );
}

// The bio route answers only when the test releases it, so the busy state can be seen.
let release: (response: Response) => void;
function stubBioRoute() {
  const fetchMock = vi.fn(
    (url: string) =>
      new Promise<Response>((resolve, reject) => {
        if (url !== '/api/ai/bio') reject(new Error(`unexpected ${url}`));
        release = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const textAnswer = (text: string) => new Response(JSON.stringify({ text }), { headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  saveProfile({ ...emptyProfile(), username: 'mika', hobbies: 'climbing', musicGenres: ['Metal'] });
  aiProvider = async () => 'local';
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetScreen);

describe('AiSummaryPanel', () => {
  it('shows the placeholder, then Generate → Generating... → the summary, stored', async () => {
    const fetchMock = stubBioRoute();
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByRole('region', { name: 'AI Profile Summary' });
    expect(screen.getByText('Click "Generate" to create an AI-powered profile summary based on your interests and connected services.')).toBeInTheDocument();
    expect(await screen.findByText('Written by the Mycelius local AI engine')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const busyButton = screen.getByRole('button', { name: 'Generating...' });
    expect(busyButton).toBeDisabled();
    expect(panel).toHaveAttribute('aria-busy', 'true');

    await act(async () => release(textAnswer('Mika climbs by day and headbangs by night.')));
    expect(await screen.findByText('Mika climbs by day and headbangs by night.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
    expect(panel).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByText(/Click "Generate"/)).not.toBeInTheDocument();
    expect(localStorage.getItem('ai_profile_summary')).toBe('Mika climbs by day and headbangs by night.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the red error text when generation fails, and can try again', async () => {
    stubBioRoute();
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await act(async () => release(new Response('{}', { status: 500 })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to generate summary. Please try again.');
    expect(alert).toHaveClass('field-error');
    const button = screen.getByRole('button', { name: 'Generate' });
    expect(button).toHaveAccessibleDescription('Failed to generate summary. Please try again.');

    await user.click(button);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => release(textAnswer('Second try worked.')));
    expect(await screen.findByText('Second try worked.')).toBeInTheDocument();
  });

  it('keeps the previous summary when a regeneration fails', async () => {
    aiSummaryKey.write('The old bio.');
    stubBioRoute();
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await act(async () => release(new Response('{}', { status: 429 })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to generate summary. Please try again.');
    expect(screen.getByText('The old bio.')).toBeInTheDocument();
  });

  it('renders the summary as text, never as HTML', () => {
    aiSummaryKey.write('<img src=x onerror="alert(1)"><b>bold</b>');
    const { container } = renderPanel();
    expect(screen.getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('credits Google Gemini when the server uses it', async () => {
    aiProvider = async () => 'gemini';
    renderPanel();
    expect(await screen.findByText('Powered by Google Gemini')).toBeInTheDocument();
  });

  it('falls back to the local-engine credit when the config cannot be loaded', async () => {
    aiProvider = () => Promise.reject(new Error('offline'));
    renderPanel();
    expect(await screen.findByText('Written by the Mycelius local AI engine')).toBeInTheDocument();
  });

  it('shows a bio stored elsewhere (the onboarding background run) without a reload', async () => {
    renderPanel();
    act(() => aiSummaryKey.write('Written in the background.'));
    await waitFor(() => expect(screen.getByText('Written in the background.')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
  });
});
