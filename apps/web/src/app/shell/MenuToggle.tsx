import MenuIcon from "@mui/icons-material/Menu";
import MenuOpenIcon from "@mui/icons-material/MenuOpen";
import { IconButton } from "@mui/material";

/** The header button that opens and collapses a shell's side menu (both halves have one). */
export function MenuToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle: () => void }) {
  return (
    <IconButton
      color="inherit"
      edge="start"
      aria-label="Toggle menu"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? <MenuOpenIcon /> : <MenuIcon />}
    </IconButton>
  );
}
