import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import type { BotGameId } from '../../../domain/botReplies';
import { GAMES, quickEmojisFor } from '../../../domain/games';
import { botGameMachine } from '../machines/botGame.machine';
import { useGamesActors } from './GamesActors';
import { selectReplying, selectSaveError, selectSaving } from '../../chat';
import { inspectOptions } from '../../../shared/ui/inspect';
import { ChatView } from '../../chat/components';
import { SaveFailedBanner } from '../../chat/components';

/** Emoji Story and the eight music and game-store games: one machine, rendered through ChatView. */
export default function BotGameChat({ game }: { game: BotGameId }) {
  const navigate = useNavigate();
  const { botGame, sources } = useGamesActors();
  const actor = useActorRef(botGameMachine.provide({ actors: botGame.actors, actions: { goToGames: () => void navigate('/games') } }), {
    input: { game, ...sources },
    ...inspectOptions(),
  });
  const messages = useSelector(actor, (s) => s.context.messages);
  const replying = useSelector(actor, selectReplying);
  const saving = useSelector(actor, selectSaving);
  const error = useSelector(actor, selectSaveError);
  const info = GAMES[game];

  return (
    <ChatView
      title={info.name}
      tagline={info.tagline}
      logsGame={game}
      messages={messages}
      emojis={quickEmojisFor(game)}
      placeholder={info.placeholder}
      inputDisabled={saving || error !== null}
      inputHint={saving ? 'Saving your session...' : 'Your session was not saved yet.'}
      typingName={replying ? info.name : null}
      banner={error ? <SaveFailedBanner error={error} send={(event) => actor.send(event)} /> : null}
      onSend={(text) => actor.send({ type: 'SEND', text })}
      onEmoji={(emoji) => actor.send({ type: 'EMOJI', emoji })}
      onBack={() => actor.send({ type: 'BACK' })}
    />
  );
}
