// D11: how the web names each signed-in role and where it lands after sign-in.
import type { Role } from '../../../shared/api/auth';

export type { Role };

export const roleNoun: Record<Role, string> = {
  admin: 'admins',
  repairer: 'repairers',
};

export const homePathFor: Record<Role, string> = {
  admin: '/admin',
  repairer: '/repairer',
};
