package starwars

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/_examples/starwars/models"
)

// cursorPrefix keeps cursors opaque-looking while staying trivially decodable:
// a cursor is base64("friend:<index>").
const cursorPrefix = "friend:"

func encodeCursor(i int) string {
	return base64.StdEncoding.EncodeToString([]byte(cursorPrefix + strconv.Itoa(i)))
}

func decodeCursor(c string) (int, error) {
	raw, err := base64.StdEncoding.DecodeString(c)
	if err != nil || !strings.HasPrefix(string(raw), cursorPrefix) {
		return 0, fmt.Errorf("invalid cursor %q", c)
	}
	i, err := strconv.Atoi(strings.TrimPrefix(string(raw), cursorPrefix))
	if err != nil || i < 0 {
		return 0, fmt.Errorf("invalid cursor %q", c)
	}
	return i, nil
}

// paginate cuts one page out of friends: the first items after the
// cursor (all of them when first is nil).
func paginate(friends []models.Character, first *int, after *string) (*models.FriendsConnection, error) {
	from := 0
	if after != nil {
		i, err := decodeCursor(*after)
		if err != nil {
			return nil, err
		}
		from = i + 1
	}
	from = min(from, len(friends))
	to := len(friends)
	if first != nil {
		if *first < 0 {
			return nil, fmt.Errorf("first must not be negative, got %d", *first)
		}
		to = min(from+*first, len(friends))
	}
	conn := &models.FriendsConnection{
		TotalCount: len(friends),
		Edges:      make([]*models.FriendsEdge, 0, to-from),
		PageInfo:   &models.PageInfo{HasNextPage: to < len(friends)},
	}
	for i := from; i < to; i++ {
		conn.Edges = append(conn.Edges, &models.FriendsEdge{Cursor: encodeCursor(i), Node: friends[i]})
	}
	if len(conn.Edges) > 0 {
		conn.PageInfo.StartCursor = &conn.Edges[0].Cursor
		conn.PageInfo.EndCursor = &conn.Edges[len(conn.Edges)-1].Cursor
	}
	return conn, nil
}
