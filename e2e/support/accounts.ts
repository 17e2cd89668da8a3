/** The accounts the e2e server starts with: the admin from ADMIN_* and the demo data's users. */
export const DEMO = {
  admin: { username: 'admin', password: 'Admin123' },
  salesperson: { username: 'sales', password: 'Sales123' },
  dealer: { username: 'dealer', password: 'Dealer123' },
  temporary: { username: 'newhire', password: 'Welcome1' },
};
