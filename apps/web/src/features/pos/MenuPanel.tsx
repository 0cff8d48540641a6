import type { LocalMoment, PosBootstrap } from "@cargodesk/shared";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import { Box, InputAdornment, Tab, Tabs, TextField, Typography } from "@mui/material";
import { memo, useMemo, useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { SearchField } from "../../components/SearchField";
import type { OrderTypeName } from "./draft";
import { MenuTileCard } from "./MenuTileCard";
import { categoryColor, type MenuTile, menuTabs, menuTiles } from "./menu";

interface MenuPanelProps {
  bootstrap: PosBootstrap;
  orderType: OrderTypeName;
  at: LocalMoment;
  onPick: (tile: MenuTile) => void;
  /** A barcode typed or scanned into the barcode box. */
  onBarcode: (barcode: string) => void;
}

const tileKey = (tile: MenuTile) => (tile.kind === "deal" ? `d${tile.deal.id}` : `p${tile.product.id}`);

/**
 * The register's right side: search, barcode, category tabs and the grid of items. Memoised: adding
 * an item changes the order, not the menu, so the grid is not drawn again (design: ≤ 50 ms a tap).
 */
export const MenuPanel = memo(function MenuPanel({ bootstrap, orderType, at, onPick, onBarcode }: MenuPanelProps) {
  const tabs = useMemo(() => menuTabs(bootstrap), [bootstrap]);
  const [tabId, setTabId] = useState<number | null>(null);
  const [search, setSearch] = useState("");
  const [barcode, setBarcode] = useState("");
  const tab = tabs.find((candidate) => candidate.id === tabId) ?? tabs[0] ?? null;
  const tiles = menuTiles(bootstrap, tab, search, orderType, at);
  const searching = search.trim() !== "";

  return (
    <Box
      component="section"
      aria-label="Menu"
      sx={{ display: "flex", flexDirection: "column", minWidth: 0, minHeight: 0, flex: 1 }}
    >
      <Box sx={{ display: "flex", gap: 1, px: 1.5, pt: 1.5, pb: 1 }}>
        <SearchField label="Search menu" value={search} onChange={setSearch} fill />
        <TextField
          size="small"
          label="Barcode"
          value={barcode}
          onChange={(event) => setBarcode(event.target.value.replace(/\D/g, ""))}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || barcode === "") return;
            event.preventDefault();
            onBarcode(barcode);
            setBarcode("");
          }}
          sx={{ width: 190, bgcolor: "background.paper" }}
          slotProps={{
            htmlInput: { inputMode: "numeric", "data-barcode-input": "true" },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <QrCodeScannerIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Tabs
        value={tab && !searching ? tab.id : false}
        onChange={(_, value: number) => {
          setTabId(value);
          setSearch("");
        }}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Menu categories"
        sx={{ px: 1, minHeight: 44, borderBottom: 1, borderColor: "divider" }}
      >
        {tabs.map((candidate) => (
          <Tab
            key={candidate.id}
            value={candidate.id}
            label={
              <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: candidate.color || "primary.main" }}
                />
                {candidate.name}
              </Box>
            }
            sx={{ minHeight: 44, fontSize: 15 }}
          />
        ))}
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto", p: 1.5 }}>
        {searching ? (
          <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
            {tiles.length} {tiles.length === 1 ? "item matches" : "items match"} “{search.trim()}”
          </Typography>
        ) : null}
        {tiles.length === 0 ? (
          <EmptyState
            title={searching ? "Nothing on the menu matches" : "Nothing to sell here"}
            description={
              searching
                ? "Try part of the name or the item's code."
                : "Items appear here once Master Control puts them on the POS for this order type."
            }
          />
        ) : (
          <Box
            role="list"
            aria-label={searching ? "Search results" : `${tab?.name ?? "Menu"} items`}
            sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(138px, 1fr))", gap: 1.25 }}
          >
            {tiles.map((tile) => (
              <Box role="listitem" key={tileKey(tile)} sx={{ display: "flex", "& > *": { flex: 1 } }}>
                <MenuTileCard
                  tile={tile}
                  color={categoryColor(
                    bootstrap,
                    tile.kind === "deal" ? tile.deal.categoryId : tile.product.categoryId,
                  )}
                  onPick={() => onPick(tile)}
                />
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
});
