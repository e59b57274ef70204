import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import type { CallRecord } from '#shared/contracts/call-record';
import { callScript } from './call-script';

/** Props of {@link CallScriptPanel}. */
export interface CallScriptPanelProps {
  record: CallRecord;
  /** Market names of the record, most airings first. */
  marketNames: readonly string[];
}

/**
 * The call script in tabs (WAI-ARIA tabs: Left/Right/Home/End move between tabs, the panel
 * follows): Introduction, Objections, Voicemail, Car dealer short script.
 */
export function CallScriptPanel({ record, marketNames }: CallScriptPanelProps) {
  const id = useId();
  const parts = useMemo(() => callScript(record, marketNames), [record, marketNames]);
  const [active, setActive] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const part = parts[active] ?? parts[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = parts.length - 1;
    const next = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  };

  return (
    <section className="cc-card cc-script" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="cc-card__title">
        Call script
      </h3>
      <div className="tabs__list" role="tablist" aria-labelledby={`${id}-h`} onKeyDown={onKeyDown}>
        {parts.map((p, index) => (
          <button
            key={p.id}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            id={`${id}-tab-${p.id}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={index === active}
            aria-controls={`${id}-panel`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
          >
            {p.tab ? (
              <>
                {p.tab}
                <span className="visually-hidden">{p.title.slice(p.tab.length)}</span>
              </>
            ) : (
              p.title
            )}
          </button>
        ))}
      </div>
      {part && (
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${part.id}`}
          className="cc-script__panel"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus (APG tabs) so its text can be scrolled by keyboard
          tabIndex={0}
        >
          {part.blocks.map((block) => (
            <div key={block.text} className={block.cue ? 'cc-script__cue' : 'cc-script__say'}>
              {block.heading && <h4 className="cc-script__heading">{block.heading}</h4>}
              <p>{block.text}</p>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
