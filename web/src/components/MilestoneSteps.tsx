import { formatTime } from '../lib/format';
import { MILESTONES } from '../lib/options';
import './MilestoneSteps.css';

interface MilestoneStepsProps {
  /** What the crew recorded, in order (the move's `hitos`). */
  recorded: readonly { hito: string; fecha: string }[];
  /** Names the list for screen readers, e.g. 'Hitos de la mudanza 12'. */
  label: string;
  compact?: boolean;
}

/** The four milestones of the crew's day, each reached (with its time) or still to come. */
export function MilestoneSteps({ recorded, label, compact = false }: MilestoneStepsProps) {
  const next = MILESTONES.findIndex((m) => !recorded.some((r) => r.hito === m.value));
  return (
    <ol className={`milestones${compact ? ' milestones--compact' : ''}`} aria-label={label}>
      {MILESTONES.map((milestone, index) => {
        const done = recorded.find((r) => r.hito === milestone.value);
        const state = done ? 'done' : index === next ? 'next' : 'todo';
        return (
          <li key={milestone.value} className={`milestones__step milestones__step--${state}`}>
            <span className="milestones__dot" aria-hidden="true" />
            <span className="milestones__label">{milestone.label}</span>
            {done ? (
              <time className="milestones__time" dateTime={done.fecha}>
                {formatTime(done.fecha)}
              </time>
            ) : (
              <span className="sr-only">pendiente</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
