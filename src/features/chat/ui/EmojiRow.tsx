interface EmojiRowProps {
  emojis: readonly string[];
  disabled: boolean;
  onEmoji: (emoji: string) => void;
}

export function EmojiRow({ emojis, disabled, onEmoji }: EmojiRowProps) {
  return (
    // The row scrolls sideways on a phone while its buttons take focus (each one scrolls into view). While they
    // are disabled nothing in it is focusable, so it stops scrolling (CSS) rather than becoming a Tab stop of its own.
    <div className={disabled ? 'emoji-row emoji-row-disabled' : 'emoji-row'} role="group" aria-label="Quick emojis">
      {emojis.map((emoji) => (
        <button key={emoji} type="button" className="emoji-button" aria-label={`Send ${emoji}`} disabled={disabled} onClick={() => onEmoji(emoji)}>
          {emoji}
        </button>
      ))}
    </div>
  );
}
