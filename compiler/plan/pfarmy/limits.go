package pfarmy

// MaxArmies is the most armies one battle can hold, both sides together.
const MaxArmies = 16

// NoWinner is the outcome of a lone battle without a winner (both sides gone, or the phase
// limit).
const NoWinner = "no winner"
