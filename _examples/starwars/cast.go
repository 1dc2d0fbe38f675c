package starwars

import "github.com/99designs/gqlgen/_examples/starwars/models"

// loadCast fills r with the example's data set.
func loadCast(r *Resolver) {
	mass := func(kg float64) *float64 { return &kg }
	all := []models.Episode{models.EpisodeNewhope, models.EpisodeEmpire, models.EpisodeJedi}
	humans := []*models.Human{
		{Person: models.Person{ID: "1000", Name: "Luke Skywalker", Friends: []string{"1002", "1003", "2000", "2001"}, AppearsIn: all},
			HeightMeters: 1.72, Mass: mass(77), StarshipIDs: []string{"3001", "3003"}},
		{Person: models.Person{ID: "1001", Name: "Darth Vader", Friends: []string{"1004"}, AppearsIn: all},
			HeightMeters: 2.02, Mass: mass(136), StarshipIDs: []string{"3002"}},
		{Person: models.Person{ID: "1002", Name: "Han Solo", Friends: []string{"1000", "1003", "2001"}, AppearsIn: all},
			HeightMeters: 1.8, Mass: mass(80), StarshipIDs: []string{"3000", "3003"}},
		{Person: models.Person{ID: "1003", Name: "Leia Organa", Friends: []string{"1000", "1002", "2000", "2001"}, AppearsIn: all},
			HeightMeters: 1.5, Mass: mass(49)},
		{Person: models.Person{ID: "1004", Name: "Wilhuff Tarkin", Friends: []string{"1001"}, AppearsIn: all[:1]},
			HeightMeters: 1.8},
	}
	droids := []*models.Droid{
		{Person: models.Person{ID: "2000", Name: "C-3PO", Friends: []string{"1000", "1002", "1003", "2001"}, AppearsIn: all},
			PrimaryFunction: "Protocol"},
		{Person: models.Person{ID: "2001", Name: "R2-D2", Friends: []string{"1000", "1002", "1003"}, AppearsIn: all},
			PrimaryFunction: "Astromech"},
	}
	ships := []*models.Starship{
		{ID: "3000", Name: "Millennium Falcon", LengthMeters: 34.37},
		{ID: "3001", Name: "X-Wing", LengthMeters: 12.5},
		{ID: "3002", Name: "TIE Advanced x1", LengthMeters: 9.2},
		{ID: "3003", Name: "Imperial shuttle", LengthMeters: 20},
	}
	for _, h := range humans {
		r.humans[h.ID] = h
	}
	for _, d := range droids {
		r.droids[d.ID] = d
	}
	for _, s := range ships {
		r.starships[s.ID] = s
	}
}
