// The longest text each kind of field takes, as the server's deciders bound it
// (command/src/text.rs): a form stops typing where the server would refuse.
export const TEXT_LIMITS = {
  email: 254,
  name: 100,
  phone: 30,
  address: 200,
  instructions: 1000,
  message: 2000,
  code: 64,
  login: 254,
  password: 128,
  photoDescription: 500,
  /** A review's title and text, and the reason a manager hides one (command/src/reviews.rs). */
  reviewTitle: 100,
  reviewText: 2000,
  reviewReason: 300,
} as const;
