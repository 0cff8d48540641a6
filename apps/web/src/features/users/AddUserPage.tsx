import { Box, Typography } from "@mui/material";
import { RegistrationForm } from "./RegistrationForm";

/** /cargo/user/add_user: staff create an approved user of any role (the admin registration variant). */
export default function AddUserPage() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography sx={{ color: "text.secondary", mb: 2 }}>
        The new user can sign in at once. Admin and employee accounts get their permissions on the User Permissions
        screen.
      </Typography>
      <RegistrationForm variant="admin" />
    </Box>
  );
}
