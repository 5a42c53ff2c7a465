// Public facts from a game's card data (the catalogue endpoint's "data": villain colours,
// fighters' strength and prize, judges' limits, spells' type and mana), shared with the tables.
let data: any = {};

// Each game's data has its own sections (villains, fighters, judges, spells): merged.
export function setFacts(d: any): void {
  data = { ...data, ...(d ?? {}) };
}
export function facts(): any {
  return data;
}

export function villainColour(key: string | null | undefined): string {
  return (key && data?.villains?.[key]?.colour) || 'slategray';
}

const rgbCache = new Map<string, number[]>();
function rgb(colour: string): number[] {
  if (rgbCache.has(colour)) return rgbCache.get(colour)!;
  let v = [128, 128, 128];
  try {
    const el = document.createElement('span');
    el.style.color = colour;
    document.body.appendChild(el);
    const m = getComputedStyle(el).color.match(/\d+(\.\d+)?/g);
    el.remove();
    if (m && m.length >= 3) v = m.slice(0, 3).map(Number);
  } catch {
    // no DOM (unit tests): mid grey
  }
  rgbCache.set(colour, v);
  return v;
}

// Black or white, whichever reads better on `colour` (WCAG relative luminance).
export function textOn(colour: string): string {
  const [r, g, b] = rgb(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return l > 0.179 ? '#000' : '#fff';
}
