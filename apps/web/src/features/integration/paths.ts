/** The Accounts Integration screens (spec: accounting.md section 2, Setting). */
export const INTEGRATION_ADD_PATH = "/setting/MasterControl/addMasterControl";
export const INTEGRATION_LIST_PATH = "/setting/MasterControl/listMasterControl";
