import { useId } from 'react';

/** One settings row: its title, the value it stands at in words, and the switch that flips it. */
export function SwitchRow({ title, valueText, checked, disabled, onToggle }: { title: string; valueText: string; checked: boolean; disabled: boolean; onToggle: () => void }) {
  const titleId = useId();
  const valueId = useId();
  return (
    <li className="setting-row">
      <div className="setting-text">
        <span id={titleId} className="setting-title">{title}</span>
        <span id={valueId} className="setting-value">{valueText}</span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={titleId}
        aria-describedby={valueId}
        className="switch"
        disabled={disabled}
        onClick={onToggle}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </li>
  );
}
