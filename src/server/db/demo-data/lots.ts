import type { IncomingStage } from '../../../common/domain/lots';
import type { incomingLoads, productLots } from '../schema';
import type { NewProduct } from './products';

/**
 * Demo shade lots and incoming loads: every 20th tile sold by the box with stock gets
 * two or three lots (its stock becomes their sum: loadDemoData syncs it), and every 15th out-of-stock tile a
 * load on its way, so /stock shows both at first start. Deterministic, like the catalogue.
 */
const STAGES: IncomingStage[] = ['on_vessel', 'in_transit', 'in_production', 'ordered'];

function addDays(date: Date, days: number): string {
  const next = new Date(date.getTime() + days * 86_400_000);
  return next.toISOString().slice(0, 10);
}

export function demoLots(catalogue: readonly NewProduct[], now: Date) {
  const lots: (typeof productLots.$inferInsert)[] = [];
  const incoming: (typeof incomingLoads.$inferInsert)[] = [];
  const boxed = catalogue.filter((p) => !/each|piece/i.test(p.soldBy ?? 'Box'));
  boxed.forEach((p, i) => {
    const stock = Number(p.stockLevel);
    if (Number.isInteger(stock) && stock > 0 && i % 20 === 0) {
      const count = 2 + (i % 2);
      const code = `L${2400 + (i % 90)}`;
      for (let n = 0; n < count; n += 1) {
        const quantity = n === 0 ? Math.max(1, Math.round(stock * 0.55)) : Math.max(0, Math.round((stock * 0.45) / (count - 1)));
        lots.push({ productId: p.id, lot: `${code}${'ABC'[n]}`, shade: `S${1 + ((i + n) % 5)}`, caliber: `C${1 + (n % 2)}`, warehouse: n === 2 ? 'East' : 'Main', quantity });
      }
      if (i % 40 === 0) incoming.push({ productId: p.id, quantity: 60 + (i % 5) * 20, eta: addDays(now, 18 + (i % 30)), stage: STAGES[i % STAGES.length]!, reference: `CONT-${100 + (i % 900)}` });
    }
    if ((!Number.isInteger(stock) || stock <= 0) && /^\d+$/.test(p.stockLevel ?? '0') && i % 15 === 0) {
      incoming.push({ productId: p.id, quantity: 120, eta: addDays(now, 10 + (i % 40)), stage: STAGES[i % STAGES.length]!, lot: `L${2500 + (i % 90)}A`, reference: `CONT-${200 + (i % 700)}` });
    }
  });
  return { lots, incoming };
}
