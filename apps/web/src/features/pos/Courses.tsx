import LocalFireDepartmentOutlinedIcon from "@mui/icons-material/LocalFireDepartmentOutlined";
import { Box, Button, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";

/** The courses a waiter picks from for new items (the server takes 1 to 9; a meal rarely has more than 4). */
const COURSES = [1, 2, 3, 4] as const;

/** Which course the items tapped from now on go to (dine-in only). */
export function CoursePicker({ course, onCourse }: { course: number; onCourse: (course: number) => void }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Typography variant="body2" id="course-picker-label" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
        New items to course
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="secondary"
        value={course}
        onChange={(_, value: number | null) => value && onCourse(value)}
        aria-labelledby="course-picker-label"
        sx={{ "& .MuiToggleButton-root": { px: 1.5, py: 0.25, fontWeight: 700 } }}
      >
        {COURSES.map((value) => (
          <ToggleButton key={value} value={value} aria-label={`Course ${value}`}>
            {value}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/**
 * The courses held back from the kitchen (design 6.2 step 3): one Fire course N per course, lowest
 * first. Nothing shows when every course has started.
 */
export function HeldCourses({
  courses,
  disabled,
  onFire,
}: {
  courses: readonly number[];
  disabled: boolean;
  onFire: (course: number) => void;
}) {
  if (courses.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label="Held courses"
      sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, py: 1, borderTop: 1, borderColor: "divider" }}
    >
      <Typography variant="body2" sx={{ color: "text.secondary", flex: 1 }}>
        {courses.length === 1 ? `Course ${courses[0]} is held` : `Courses ${courses.join(", ")} are held`}
      </Typography>
      {courses.map((course) => (
        <Button
          key={course}
          size="small"
          variant="contained"
          color="warning"
          startIcon={<LocalFireDepartmentOutlinedIcon />}
          disabled={disabled}
          onClick={() => onFire(course)}
        >
          Fire course {course}
        </Button>
      ))}
    </Box>
  );
}
