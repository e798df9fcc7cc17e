/**
 * NODE_ENV, defaulted before anything else is loaded: React picks its development or production
 * build when it is first imported (react-router imports it from modules the server entry loads),
 * and react-dom's server renderer, loaded later, must pick the same one. Set after the imports,
 * `npm start` without NODE_ENV got React's development build beside react-dom's production one,
 * and every page failed with "dispatcher.getOwner is not a function".
 */
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
