import { hasPermission, isStaffRole, perm, ROLE, type UpdateUserInput, updateUserSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import SaveIcon from "@mui/icons-material/Save";
import { Alert, Autocomplete, Box, Button, CircularProgress, Paper, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { fullName } from "../../lib/format";
import { useSession } from "../../lib/session";
import { type UserDetail, useUpdateUser, useUser, useUsers } from "./api";
import { CreditLimitField, parseCreditLimit } from "./CreditLimitField";
import { emptyUserForm, fromUser, missingRequired, serverFieldErrors, type UserFormValues } from "./form";
import { EDIT_USER_PATH, VIEW_USERS_PATH } from "./paths";
import { SignOutEverywhereButton } from "./SignOutEverywhereButton";
import { FormSection, UserFormSections, useUploadsBusy } from "./UserFormSections";
import { UserHistory } from "./UserHistory";
import { UserStatusChip } from "./UserStatusChip";

const FIELDS = new Set(Object.keys(emptyUserForm()));
const isFormField = (name: string): name is keyof UserFormValues => FIELDS.has(name);

type UpdateValues = z.input<typeof updateUserSchema>;
const isUpdateField = (name: string): name is keyof UpdateValues => name in updateUserSchema.shape;
const updateResolver = zodResolver(updateUserSchema);
/** The edit form holds the registration fields; the shared edit schema checks those the edit call takes. */
const editResolver: Resolver<UserFormValues, unknown, UpdateUserInput> = (values, context, options) =>
  updateResolver(values, context, { ...options, names: options.names?.filter(isUpdateField) });

const displayName = (user: { firstName?: string | null; lastName?: string | null; email: string }) =>
  fullName(user.firstName, user.lastName) || user.email;

/** Without an id in the address, the screen asks which user to edit. */
function UserChooser() {
  const users = useUsers();
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
      <Typography sx={{ mb: 2 }}>Choose the user to edit, or open one from the user list.</Typography>
      <Autocomplete
        options={users.data ?? []}
        loading={users.isPending}
        getOptionLabel={(user) => `${displayName(user)} (${user.email})`}
        onChange={(_, user) => {
          if (user) navigate(`${EDIT_USER_PATH}?id=${user.id}`);
        }}
        renderInput={(params) => <TextField {...params} label="User to edit" />}
      />
      {users.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          The users could not be loaded. {errorMessage(users.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}

function EditUserForm({ user }: { user: UserDetail }) {
  const update = useUpdateUser(user.id);
  const result = useResultDialog();
  const uploads = useUploadsBusy();
  const form = useForm<UserFormValues, unknown, UpdateUserInput>({
    resolver: editResolver,
    defaultValues: fromUser(user),
    mode: "onTouched",
  });
  const { control, handleSubmit, setError, formState } = form;
  const values = useWatch({ control });
  const incomplete = missingRequired({ ...emptyUserForm(), ...values }, "edit");
  const hasErrors = Object.keys(formState.errors).length > 0;
  const [creditLimit, setCreditLimit] = useState(String(user.creditLimit ?? 0));
  const customer = !isStaffRole(Number(values.role) || 0);
  const limit = parseCreditLimit(creditLimit);

  const onSubmit = handleSubmit((input) =>
    update.mutate(customer && limit.value !== undefined ? { ...input, credit_limit: limit.value } : input, {
      onSuccess: (answer) => result.show("Success", answer.message),
      onError: (error) => {
        for (const issue of serverFieldErrors(error)) {
          if (isFormField(issue.field)) setError(issue.field, { type: "server", message: issue.message });
        }
        result.show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Edit user" sx={{ display: "grid", gap: 2 }}>
      <UserFormSections form={form} variant="edit" onUploadBusy={uploads.reporters} />
      {customer ? (
        <FormSection title="Account">
          <CreditLimitField text={creditLimit} onChange={setCreditLimit} />
        </FormSection>
      ) : null}
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={
            incomplete || hasErrors || uploads.busy || update.isPending || (customer && limit.error !== undefined)
          }
          startIcon={update.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
          sx={{ minWidth: 160 }}
        >
          Save
        </Button>
      </Box>
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}

/**
 * /cargo/user/edit_user?id=N: every field of the user, and for admins the user's History. With
 * User Edit Status, "Sign out everywhere" ends the user's sessions.
 */
export default function EditUserPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const raw = Number(params.get("id"));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const user = useUser(id);

  if (id === null) return <UserChooser />;
  if (user.isPending) return <PageLoader label="Loading the user" />;
  if (user.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void user.refetch()}>
            Retry
          </Button>
        }
      >
        The user could not be loaded. {errorMessage(user.error)}
      </Alert>
    );

  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 1100 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Button component={RouterLink} to={VIEW_USERS_PATH} startIcon={<ArrowBackIcon />}>
          Back to users
        </Button>
        <Typography variant="h6" component="h2">
          {displayName(user.data)}
        </Typography>
        <Typography sx={{ color: "text.secondary" }}>{user.data.userName}</Typography>
        <UserStatusChip statusId={user.data.userStatusId} label={user.data.user_status?.status} />
        {hasPermission(session?.permissions ?? [], perm("User", "User Edit Status")) ? (
          <Box sx={{ ml: "auto" }}>
            <SignOutEverywhereButton userId={user.data.id} name={displayName(user.data)} />
          </Box>
        ) : null}
      </Box>
      {/* A new id (another user) starts a fresh form. */}
      <EditUserForm key={user.data.id} user={user.data} />
      {session?.userType === ROLE.admin ? <UserHistory userId={user.data.id} /> : null}
    </Box>
  );
}
