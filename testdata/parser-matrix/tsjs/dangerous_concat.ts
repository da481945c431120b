// The primitive split over concatenated literals.
export const flag = '--dangerously-' + 'skip-permissions'; // want "RED:dangerous-primitive"
