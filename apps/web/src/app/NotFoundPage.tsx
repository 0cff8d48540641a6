import SearchOffIcon from "@mui/icons-material/SearchOff";
import { Box, Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../components/EmptyState";
import { useDocumentTitle } from "../lib/document-title";
import { useSession } from "../lib/session";
import { homePathFor } from "./screens";

export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  const session = useSession();
  const home = session ? homePathFor(session.permissions) : "/cargo-login";
  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
      <EmptyState
        icon={<SearchOffIcon />}
        titleAs="h1"
        title="Page not found"
        description="The address you opened does not match any page of CargoDesk. Check the link or start again from home."
        action={
          <Button component={RouterLink} to={home} variant="contained">
            Go to home
          </Button>
        }
      />
    </Box>
  );
}
