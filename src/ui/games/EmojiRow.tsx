interface EmojiRowProps {
  emojis: readonly string[];
  disabled: boolean;
  onEmoji: (emoji: string) => void;
}

export function EmojiRow({ emojis, disabled, onEmoji }: EmojiRowProps) {
  return (
    // The row scrolls sideways on a phone; when its buttons are disabled the row itself stays focusable
    // so it can still be scrolled by keyboard.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
    <div className="emoji-row" role="group" aria-label="Quick emojis" tabIndex={disabled ? 0 : undefined}>
      {emojis.map((emoji) => (
        <button key={emoji} type="button" className="emoji-button" aria-label={`Send ${emoji}`} disabled={disabled} onClick={() => onEmoji(emoji)}>
          {emoji}
        </button>
      ))}
    </div>
  );
}
