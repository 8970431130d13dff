// D11: admins and repairers sign in; customers never do.
export type Role = 'admin' | 'repairer';

export type AuthUser = {
  id: number | string;
  email: string;
  role: Role;
  name: string;
};

export type MeResponse = { user: AuthUser };

export const roleNoun: Record<Role, string> = {
  admin: 'admins',
  repairer: 'repairers',
};

export const homePathFor: Record<Role, string> = {
  admin: '/admin',
  repairer: '/repairer',
};
