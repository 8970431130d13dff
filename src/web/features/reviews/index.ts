// Reviews (issue 37 item 2): the list the public pages and a technician's profile show. Other features use it only through here.
export { ratingLine, ReviewsBlock } from './reviews-block';
