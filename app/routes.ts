import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The route table of SPEC.md §2, plus the JSON calls of §7 and the files crawlers read.
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("history", "routes/history.tsx"),
  route("executives", "routes/executives.tsx"),
  route("charter", "routes/charter.tsx"),
  route("membership", "routes/membership.tsx"),
  route("activities", "routes/activities.tsx"),
  route("announcements", "routes/announcements.tsx"),
  route("announcements/:id", "routes/announcement-detail.tsx"),
  route("location", "routes/location.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("privacy", "routes/privacy.tsx"),

  route("api/announcements", "routes/api/announcements.ts"),
  route("api/seminars", "routes/api/seminars.ts"),
  route("api/history", "routes/api/history.ts"),
  route("api/executives", "routes/api/executives.ts"),

  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
