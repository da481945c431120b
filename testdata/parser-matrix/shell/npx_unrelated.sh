# npx of another package is not a launch.
npx prettier --write .
npm run build
