/** What other modules may use of the supervisor override: spending an approval inside their transaction. */
export { consumeSupervisorApproval, SUPERVISOR_PERMISSION } from "./pos-supervisor.service";
