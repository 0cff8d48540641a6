/** Role ids are the spec's: 1 and 4 are staff, 2 and 3 are customers. */
export const ROLE = { admin: 1, businessCustomer: 2, individualCustomer: 3, employee: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLES: readonly { id: RoleId; role: string }[] = [
  { id: ROLE.admin, role: "Admin" },
  { id: ROLE.businessCustomer, role: "Business customer" },
  { id: ROLE.individualCustomer, role: "Individual customer" },
  { id: ROLE.employee, role: "Employee" },
];

export const isStaffRole = (roleId: number): boolean => roleId === ROLE.admin || roleId === ROLE.employee;

/** User status ids: 1 pending, 2 approved, 3 cancelled, 4 blocked. Only approved users sign in. */
export const USER_STATUS = { pending: 1, approved: 2, cancelled: 3, blocked: 4 } as const;
export type UserStatusId = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const USER_STATUSES: readonly { id: UserStatusId; status: string }[] = [
  { id: USER_STATUS.pending, status: "Pending" },
  { id: USER_STATUS.approved, status: "Approved" },
  { id: USER_STATUS.cancelled, status: "Cancelled" },
  { id: USER_STATUS.blocked, status: "Blocked" },
];
