import { AI_PERSONA_LABEL } from '../../domain/socialContract';
import './styles/labels.css';

/** Marks a chat message the AI wrote in someone's persona: visible text, so every reader gets it. */
export function AiPersonaLabel() {
  return <span className="ai-persona-label">{AI_PERSONA_LABEL}</span>;
}
