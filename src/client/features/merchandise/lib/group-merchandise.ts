import type { MerchandiseItem } from '@common/contracts/merchandise';

export interface MerchandiseGroup {
  name: string;
  items: MerchandiseItem[];
}

/** Groups keep the server's order (category or line, then name); items without a group go last under `fallback`. */
export function groupMerchandise(items: readonly MerchandiseItem[], groupOf: (item: MerchandiseItem) => string | null, fallback: string) {
  const groups = new Map<string, MerchandiseItem[]>();
  for (const item of items) {
    const name = groupOf(item)?.trim() || fallback;
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return [...groups].map(([name, list]): MerchandiseGroup => ({ name, items: list }));
}
