package compiler

import "bytes"

// splitCampaigns makes each CUE campaign file (kind: "campaign", IsCampaignSource) of the units a
// unit of its own, marked campaign, right after the unit it was found in (a unit left without
// files is dropped): a folder, a "dir/..." walk or a hook's list of changed files vets a campaign
// as a campaign, each scenario beside it as a scenario. A YAML or JSON file is a unit of its own,
// marked when it was classified (its top-level kind). campaign judges a CUE file
// (isCampaignHead on its start, the overlay's when it has the file).
func splitCampaigns(units []unit, campaign func(abs string) bool) []unit {
	var out []unit
	for _, u := range units {
		if u.campaign || fileKind(u.files[0]) != "cue" {
			out = append(out, u)
			continue
		}
		var rest []string
		var camps []unit
		for _, f := range u.files {
			if fileKind(f) == "cue" && campaign(f) {
				camps = append(camps, unit{dir: u.dir, files: []string{f}, overlay: u.overlay, campaign: true})
				continue
			}
			rest = append(rest, f)
		}
		if len(rest) > 0 {
			u.files = rest
			out = append(out, u)
		}
		out = append(out, camps...)
	}
	return out
}

// isCampaignHead is IsCampaign for a file whose start is head: a start that does not say
// "campaign" is not one; the whole file is read (from disk) only when head is not all of it.
func isCampaignHead(abs string, head []byte) bool {
	if !bytes.Contains(head, []byte("campaign")) {
		return false
	}
	if len(head) < sniffLimit {
		return IsCampaignSource(abs, head)
	}
	return IsCampaign(abs)
}
