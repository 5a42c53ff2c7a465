// A seat's name as the tables show it: "You (seat 2)" or "Seat 3", with the nickname of the person
// who holds a human seat. The server's placeholder for a seat nobody gave a name ("Seat N", its
// seats counted from 0) is not a nickname: shown next to the 1-based "Seat N+1" it would say
// "Seat 2 · Seat 1".
export function seatNamer(seats: any[], viewer: number | null, r: { t: (id: string, args?: Record<string, unknown>) => string }) {
  return (s: number) => {
    const seat = seats.find((x) => x.seat === s);
    const base = s === viewer ? r.t('ui.seat.you', { n: s + 1 }) : r.t('ui.seat.n', { n: s + 1 });
    const nick = seat?.kind === 'human' && typeof seat.name === 'string' ? seat.name.trim() : '';
    return nick && nick !== `Seat ${s}` ? `${base} · ${nick}` : base;
  };
}
