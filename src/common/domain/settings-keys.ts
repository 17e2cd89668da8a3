/** The system setting the stock upload stamps (dashboard "Last Updated"); plain data, no zod, for the dashboard's first load. */
export const LAST_INVENTORY_UPDATE = 'last_inventory_update';
