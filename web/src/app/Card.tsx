// A card as a chip: its name, and on hover, focus or tap its name and text (from the card data,
// through the catalogue). `known` false draws a card back. Clickable when given a choice id.
import type { ComponentChildren } from 'preact';

export interface CardProps {
  name: string;
  text?: string;
  back?: boolean; // a face-down card: only the back (and what is public about it)
  label?: string; // extra public facts under the name (e.g. "Enchant, face down")
  choice?: number; // the action id this card stands for, when it is a legal choice
  onChoose?: (id: number) => void;
  highlight?: boolean;
  color?: string;
  small?: boolean;
  testid?: string;
  children?: ComponentChildren;
}

export function Card(p: CardProps) {
  const cls = ['card', p.back ? 'back' : '', p.highlight ? 'playable' : '', p.small ? 'small' : '', p.choice !== undefined ? 'choosable' : '']
    .filter(Boolean)
    .join(' ');
  // A card the catalogue does not name yet shows its data key, marked as untranslated text.
  const raw = /^[a-z0-9-]+(\.[a-z0-9-]+)?$/.test(p.name);
  const body = (
    <>
      <span class="card-name" lang={raw ? 'en' : undefined} data-untranslated={raw ? '' : undefined}>
        {p.name}
      </span>
      {p.label && <span class="card-label">{p.label}</span>}
      {p.children}
      {(p.text || p.label) && (
        <span class="card-tip" role="tooltip">
          <b>{p.name}</b>
          {p.label && <em>{p.label}</em>}
          {p.text && <span>{p.text}</span>}
        </span>
      )}
    </>
  );
  const style = p.color ? { '--card-color': p.color } : undefined;
  if (p.choice !== undefined && p.onChoose)
    return (
      <button type="button" class={cls} style={style} data-choice={p.choice} data-testid={p.testid} onClick={() => p.onChoose!(p.choice!)}>
        {body}
      </button>
    );
  return (
    <span class={cls} style={style} tabIndex={0} data-testid={p.testid}>
      {body}
    </span>
  );
}
