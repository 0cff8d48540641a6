import { Box, Checkbox, Chip, FormControlLabel, Paper, Typography } from "@mui/material";
import { type PermissionNode, type Selection, stateOf } from "./selection";

export type ToggleHandler = (node: PermissionNode, ancestors: readonly PermissionNode[], tick: boolean) => void;

interface NodeRowsProps {
  node: PermissionNode;
  ancestors: readonly PermissionNode[];
  selection: Selection;
  disabled: boolean;
  onToggle: ToggleHandler;
}

/** A checkbox and, indented beneath it, its children's checkboxes. */
function NodeRows({ node, ancestors, selection, disabled, onToggle }: NodeRowsProps) {
  const { checked, indeterminate } = stateOf(selection, node);
  const lineage = [...ancestors, node];
  return (
    <>
      <FormControlLabel
        sx={{ display: "flex", ml: node.depth * 3, mr: 0 }}
        disabled={disabled}
        label={
          <Typography
            variant={node.depth === 0 ? "subtitle2" : "body2"}
            sx={{ fontWeight: node.depth === 0 ? 700 : 400, color: node.depth === 2 ? "text.secondary" : undefined }}
          >
            {node.label}
          </Typography>
        }
        control={
          <Checkbox
            size="small"
            checked={checked}
            indeterminate={indeterminate}
            onChange={(event) => onToggle(node, ancestors, event.target.checked)}
          />
        }
      />
      {node.children.map((child) => (
        <NodeRows
          key={child.key}
          node={child}
          ancestors={lineage}
          selection={selection}
          disabled={disabled}
          onToggle={onToggle}
        />
      ))}
    </>
  );
}

interface PermissionSectionProps {
  title: string;
  description: string;
  trees: readonly PermissionNode[];
  selection: Selection;
  disabled: boolean;
  onToggle: ToggleHandler;
  /** Groups whose screens are not built yet: marked, and their ticks not offered. */
  withoutScreens?: ReadonlySet<string>;
}

/** One area of the grid (accounts modules or cargo actions): a card per group. */
export function PermissionSection({
  title,
  description,
  trees,
  selection,
  disabled,
  onToggle,
  withoutScreens = new Set<string>(),
}: PermissionSectionProps) {
  const headingId = `permission-section-${title.toLowerCase()}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1.5 }}>
        {description}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))" }}>
        {trees.map((tree) => {
          const unbuilt = withoutScreens.has(tree.label);
          return (
            <Paper
              key={tree.key}
              variant="outlined"
              role="group"
              aria-label={tree.label}
              data-testid={`permission-group-${tree.label}`}
              sx={{ px: 2, py: 1, alignSelf: "start", bgcolor: unbuilt ? "action.hover" : undefined }}
            >
              {unbuilt ? (
                <Box sx={{ display: "flex", alignItems: "center", gap: 1, pt: 0.5 }}>
                  <Chip size="small" label="No screens yet" />
                  <Typography variant="caption" sx={{ color: "text.secondary" }}>
                    Ticks are offered once its screens exist.
                  </Typography>
                </Box>
              ) : null}
              <NodeRows
                node={tree}
                ancestors={[]}
                selection={selection}
                disabled={disabled || unbuilt}
                onToggle={onToggle}
              />
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
